/**
 * The fixed conversation mix every end-to-end benchmark sends: dosing with a clarify
 * (three turns), an interaction, condition → drug, smalltalk and an abstention.
 */
export interface Conversation {
  name: string;
  turns: string[];
}

export const MIX: Conversation[] = [
  { name: 'dosing+clarify', turns: ['Liều paracetamol cho trẻ?', 'Bé 5 tuổi nặng 18 kg', 'Uống'] },
  { name: 'interaction', turns: ['Warfarin và aspirin có tương tác không?'] },
  { name: 'condition→drug', turns: ['Thuốc nào chỉ định cho tăng huyết áp?'] },
  { name: 'smalltalk', turns: ['Xin chào'] },
  { name: 'abstain', turns: ['Liều paracetamol cho chó?'] },
];

export const TURNS_PER_ROUND = MIX.reduce((n, c) => n + c.turns.length, 0);

/** The worker queues: a trace event on one of these stages is one hop. */
export const WORKER_STAGES = ['understanding', 'retrieval', 'generation', 'verification'];
