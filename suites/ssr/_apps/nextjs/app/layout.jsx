// The root layout: the document around the catalogue page, as in the other SSR apps.
export const metadata = { title: 'Catalogue' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
