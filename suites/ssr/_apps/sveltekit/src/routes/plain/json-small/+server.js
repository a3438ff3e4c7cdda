// The open loop's floor (lib/run/shapes/server/timed.js): the app's cheapest answer, through its router.
import { json } from '@sveltejs/kit';

export const GET = () => json({ id: 1, name: 'parity', tags: ['a', 'b', 'c'], ok: true, n: 42 });
