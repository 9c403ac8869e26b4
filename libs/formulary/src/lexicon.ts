import data from '../../../data/lexicon/drug-names.json';

/** A real drug substance, known beyond the formulary (`data/lexicon/drug-names.json`, reviewed, sources noted). */
export interface Substance {
  /** The Vietnamese INN spelling ("Levocetirizin"): how the reply names it. */
  name: string;
  /** Every spelling people type: the INN, English INN, salts, official synonyms. */
  names: string[];
  atc: string | null;
}

interface Raw {
  inn_vi: string;
  names: string[];
  atc?: string;
}

/** The lexicon shipped with the service. */
export const DRUG_LEXICON: Substance[] = (data as { substances: Raw[] }).substances.map((s) => ({
  name: s.inn_vi,
  names: [s.inn_vi, ...s.names],
  atc: s.atc ?? null,
}));
