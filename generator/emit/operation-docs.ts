/** What the doc comments of a generated method and of a resource class say. */
import type { GroupModel, OperationModel } from '../model/types.ts';
import { docText } from './source.ts';

/** The doc comment of a method: summary, description, the wire call, deprecation, docs link, an example call. */
export function methodDocs(
  op: OperationModel,
  example?: string,
): { description: string; tags: { tagName: string; text?: string }[] } {
  const tags: { tagName: string; text?: string }[] = [];
  if (op.deprecated) {
    const d = op.deprecated;
    tags.push({
      tagName: 'deprecated',
      text: [
        `Since ${d.since ?? 'an unstated date'}`,
        d.replacement && `use \`${d.replacement}\` instead`,
        d.note,
      ]
        .filter(Boolean)
        .join('; '),
    });
  }
  if (op.externalDocs) tags.push({ tagName: 'see', text: op.externalDocs });
  // On the lines below the tag, as editors show an example's code.
  if (example) tags.push({ tagName: 'example', text: `\n${example}` });
  const description = docText(
    op.summary,
    op.description !== op.summary && op.description,
    `\`${op.method} ${op.path}\` (operationId \`${op.id}\`)`,
    op.browserStep && 'A browser step: this builds the URL to send the user to and makes no request.',
  );
  return { description, tags };
}

/** What a group without a tag description is: its tag's operations, or the resource its paths name. */
export function groupDescription(group: GroupModel): string {
  return group.tag === group.property && /^[a-z]/.test(group.tag)
    ? `Operations on ${group.property.split('.').join(' ')}.`
    : `Operations tagged ${group.tag}.`;
}
