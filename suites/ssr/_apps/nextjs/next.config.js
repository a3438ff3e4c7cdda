// Next.js's configuration for the SSR suite's app: nothing beyond the defaults but what keeps the
// build offline and the page rendered per request (the page itself is force-dynamic).
/** @type {import('next').NextConfig} */
export default {
  poweredByHeader: false,
  images: { unoptimized: true },
};
