import { describe, expect, it } from 'vitest';
import { boxBudgets } from '../../core/memes/suggest/answer';
import { CATALOGUE_PROMPT_MAX_CHARS, promptCatalogue } from '../../core/memes/suggest/model';
import { rankTemplates } from '../../core/memes/suggest/pick';
import { matchesGroups, searchGroups } from '../../core/templates/search-terms';
import { CATALOG } from './catalog';

/** The built-in catalogue against the meme-from-a-topic rules (ADR 0173), in Node. */
describe('the catalogue and memes from a topic', () => {
  it('lets every built-in example through the box budgets a model is held to', () => {
    for (const t of CATALOG) {
      const budgets = boxBudgets(t);
      for (const example of t.examples)
        example.forEach((line, i) =>
          expect([...line].length, `${t.id} box ${i + 1}: "${line}"`).toBeLessThanOrEqual(budgets[i]!),
        );
    }
  });

  it('gives the model the whole built-in catalogue within its share of the context', () => {
    const prompt = promptCatalogue(CATALOG, { topic: 'anything', count: 3, exclude: [] });
    expect(prompt.split('\n')).toHaveLength(CATALOG.length);
    expect(prompt.length).toBeLessThan(CATALOGUE_PROMPT_MAX_CHARS);
  });

  it.each([
    ['tired', ['sleepy-yawn', 'monday-zombie', 'melting-heat']],
    ['monday', ['monday-zombie']],
    // "When you …" is the setup of a reaction picture: every top-and-bottom reaction scene.
    ['when you', ['everything-is-fine', 'screaming-cat', 'facepalm', 'mind-blown', 'monday-zombie']],
  ])('template search and the offline picker find %j', (query, expected) => {
    const found = CATALOG.filter((t) =>
      matchesGroups(`${t.name} ${t.description} ${t.keywords.join(' ')}`, searchGroups(query)),
    ).map((t) => t.id);
    expect(found).toEqual(expect.arrayContaining(expected));
    expect(found).toContain(rankTemplates(CATALOG, query)[0]!.id);
  });
});
