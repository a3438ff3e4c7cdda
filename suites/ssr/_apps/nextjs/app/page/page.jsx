// The catalogue page: a server component tree rendered per request (force-dynamic: never
// prerendered or cached), the same items and markup as the other SSR apps.
import { catalogue, totalCents } from '../../../../_data.js';
import { MODE } from '../../../_mode.js';

export const dynamic = 'force-dynamic';

function Item({ it }) {
  return (
    <li className="item" data-id={it.id}>
      <h2>{it.name}</h2>
      <p className="description">{it.description}</p>
      <span className="price">{it.price}</span>
      <span className="rating">{it.rating}</span>
      <span className="stock">{it.stock} in stock</span>
      <ul className="tags">
        {it.tags.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </li>
  );
}

export default function Page() {
  const items = catalogue();
  return (
    <main
      id="catalogue"
      data-app="nextjs"
      data-mode={MODE}
      data-request={crypto.randomUUID()}
      data-count={items.length}
      data-total={totalCents(items)}
    >
      <h1>Catalogue</h1>
      <ul className="items">
        {items.map((it) => (
          <Item key={it.id} it={it} />
        ))}
      </ul>
    </main>
  );
}
