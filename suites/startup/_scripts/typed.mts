// Type annotations only (erasable syntax): what type stripping runs without a build step.
interface Point {
  x: number;
  y: number;
}

type Shape = { kind: 'circle'; r: number } | { kind: 'square'; side: number };

function area(s: Shape): number {
  return s.kind === 'circle' ? Math.PI * s.r * s.r : s.side * s.side;
}

const norm = (p: Point): number => Math.hypot(p.x, p.y);
const shapes: Shape[] = [
  { kind: 'square', side: 3 },
  { kind: 'circle', r: 0 },
];
const total: number = shapes.reduce((a: number, s: Shape) => a + area(s), 0);
console.log(`typed ${norm({ x: 3, y: 4 })} ${total}`);
