/** A fake DataTransfer for a drag in a test: jsdom has none, and the HTML5 drag backend writes to it. */
export const fakeDataTransfer = () => ({
  dropEffect: 'move',
  effectAllowed: 'all',
  types: [] as string[],
  files: [],
  items: [],
  setData: () => {},
  getData: () => '',
  setDragImage: () => {},
  clearData: () => {},
});
