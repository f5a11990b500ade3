import { describe, expect, it } from 'vitest';
import { textLabels } from './store';

describe('textLabels', () => {
  it('numbers captions among captions and shapes among shapes, so a shape never renumbers a caption', () => {
    const kinds = ['text', 'text', 'shape', 'text', 'shape'] as const;
    expect(textLabels(kinds.map((kind) => ({ kind })))).toEqual([
      'Caption 1',
      'Caption 2',
      'Shape 1',
      'Caption 3',
      'Shape 2',
    ]);
  });
});
