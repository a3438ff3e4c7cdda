// The start-up probe every SSR app answers: 200 once the server serves.
export const dynamic = 'force-dynamic';

export function GET() {
  return new Response('ok');
}
