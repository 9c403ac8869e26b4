import { describeEvalSet } from './eval-set';

/**
 * The held-out set (data/eval-heldout): written from the specification and the
 * formulary only, never used to tune the system. Its figures are the honest ones; see
 * data/eval-heldout/README.md for the rules that keep it held out.
 */
describeEvalSet({
  title: 'Held-out evaluation',
  dir: 'data/eval-heldout',
  thresholds: 'eval/thresholds-heldout.json',
  stem: 'heldout',
  minConversations: 50,
});
