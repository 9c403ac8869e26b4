import { DecisionSchema, QUEUE_NAMES, SECTION_KEYS, SECTION_TITLES } from '@app/contracts';
// the chat page is served as plain ES modules (no build step), so it keeps its own copy
// of the texts the contracts also define; this keeps the two from drifting apart
import * as page from './public/strings.js';

describe('chat page strings agree with the contracts', () => {
  it('has the contracts’ title for every section and no other section', () => {
    expect(page.SECTION_TITLES).toEqual(SECTION_TITLES);
    expect(Object.keys(page.SECTION_TITLES).sort()).toEqual([...SECTION_KEYS].sort());
  });

  it('names a stage for every worker queue the orchestrator streams, in hop order', () => {
    expect(page.STAGES.map((s) => s.key)).toEqual(QUEUE_NAMES.filter((q) => q !== 'turns'));
    for (const s of page.STAGES) expect(s.text.trim().length).toBeGreaterThan(0);
  });

  it('labels every decision', () => {
    expect(Object.keys(page.DECISION_LABELS).sort()).toEqual([...DecisionSchema.options].sort());
  });
});
