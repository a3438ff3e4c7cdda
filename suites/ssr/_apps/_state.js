// The page's state as the apps without a framework ship it for their client, as SvelteKit ships
// its load data and Next.js its React Server Components payload: a script that holds the
// catalogue, its total, the per-request value and the mode. Every SSR page then carries its data
// twice, once as markup and once for the client, so the four pages differ by little in bytes.
// The JSON is made safe inside <script> by escaping `<` (React and SvelteKit do the same).

/**
 * The <script> holding a page's state for its client.
 * @param {{items: import('../_data.js').Item[], total: number, request: string, mode: string}} state
 */
export const stateJson = (state) => JSON.stringify(state).replace(/</g, '\\u003c');

/** The whole element, for template strings. @param {Parameters<typeof stateJson>[0]} state */
export const stateScript = (state) => `<script>self.__catalogue=${stateJson(state)}</script>`;
