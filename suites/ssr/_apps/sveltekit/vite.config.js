// Vite's configuration for the SSR suite's SvelteKit app: SvelteKit's plugin and nothing else.
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()], logLevel: 'warn' });
