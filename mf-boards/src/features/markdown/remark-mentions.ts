import type { Link, Nodes, Parent, Root, Text } from 'mdast';

// Mentions as chips. A mention is stored as `@[Display Name](user:ID)`, which
// Markdown parses as an "@" ending a text and a link to `user:ID`; this remark plugin turns
// that pair into one `<span>` reading "@Display Name" (a link's own words, never HTML, so a
// name cannot inject anything). `user:` is no URL the renderer would ever link to.

const USER_URL = /^user:([1-9]\d{0,17})$/;

/** A link's words, whatever marks they carry (`[**Ada**](user:1)` is still "Ada"). */
const wordsOf = (node: Nodes): string =>
  'value' in node ? String(node.value) : 'children' in node ? node.children.map(wordsOf).join('') : '';

function chipsIn(parent: Parent, className: string): void {
  const children = parent.children as Nodes[];
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    const before = children[i - 1];
    const match = node.type === 'link' ? USER_URL.exec((node as Link).url) : null;
    if (match && before?.type === 'text' && (before as Text).value.endsWith('@')) {
      (before as Text).value = (before as Text).value.slice(0, -1);
      children[i] = {
        type: 'text',
        value: '',
        data: {
          hName: 'span',
          hProperties: { className: [className], dataUserId: match[1] },
          hChildren: [{ type: 'text', value: `@${wordsOf(node)}` }],
        },
      } as unknown as Text;
    } else if ('children' in node) {
      chipsIn(node as Parent, className);
    }
  }
}

/** The plugin, given the chip's class. */
export const remarkMentions = (className: string) => () => (tree: Root) => chipsIn(tree, className);
