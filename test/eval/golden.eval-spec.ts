import { describeEvalSet } from './eval-set';

/** The golden set: what the system was built and tuned against (data/eval). */
describeEvalSet({
  title: 'Golden-set evaluation',
  dir: 'data/eval',
  thresholds: 'eval/thresholds.json',
  stem: 'latest',
  minConversations: 120,
});
