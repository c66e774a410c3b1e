/** How messages write a shape: the words a consumer would use for the generated TypeScript type. */
import type { Shape } from './shapes.ts';

/** A short name for a shape in messages: `string`, `'a' | 'b'`, `Tweet[]`, `object`. */
export function typeText(shape: Shape): string {
  if ('ref' in shape) return shape.ref + (shape.nullable ? ' | null' : '');
  let text: string;
  switch (shape.kind) {
    case 'array':
      text = `${typeText(shape.items)}[]`;
      break;
    case 'union':
      text = shape.of.map(typeText).join(' | ');
      break;
    case 'all':
      text = shape.of.map(typeText).join(' & ');
      break;
    default:
      text = shape.kind === 'integer' ? 'number (integer)' : shape.kind;
  }
  return text + (shape.nullable ? ' | null' : '');
}
