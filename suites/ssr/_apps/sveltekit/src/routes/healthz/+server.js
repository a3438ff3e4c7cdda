// The start-up probe every SSR app answers: 200 once the server serves.
export const GET = () => new Response('ok');
