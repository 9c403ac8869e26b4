import type { CorpusDrug } from './corpus';
import { DRUG_LEXICON } from './lexicon';
import { containsPhrase, syllables } from './normalize';

/**
 * Drug classes an allergy names, by the ATC groups they cover. A stated allergy keeps the
 * whole class off a condition → drug list: "dị ứng penicilin" removes amoxicillin (J01C).
 */
const CLASS_ATC: [string[], string[]][] = [
  [['penicilin', 'penicillin'], ['J01C']],
  [
    ['beta lactam', 'betalactam'],
    ['J01C', 'J01D'],
  ],
  [
    ['cephalosporin', 'cefalosporin'],
    ['J01DB', 'J01DC', 'J01DD', 'J01DE', 'J01DI'],
  ],
  [['sulfa', 'sulfamid', 'sulfonamid'], ['J01E']],
  [
    ['nsaid', 'nsaids', 'thuoc chong viem khong steroid', 'chong viem khong steroid', 'khang viem khong steroid'],
    ['M01A', 'N02BA', 'B01AC06'],
  ],
  [['macrolid'], ['J01FA']],
  [['quinolon', 'fluoroquinolon'], ['J01M']],
  [['tetracyclin'], ['J01AA']],
  [['opioid', 'opiat'], ['N02A']],
  // "phù mạch do thuốc ƯCMC": the ACE inhibitors (enalapril, C09AA)
  [
    ['uc che men chuyen', 'uc che enzym chuyen'],
    ['C09A', 'C09B'],
  ],
];

/** The ATC groups an allergy term names (empty when it names a single drug or nothing we know). */
export function allergyClasses(allergy: string): string[] {
  return classesOf(allergy).flatMap(([, atc]) => atc);
}

/**
 * The classes an allergy names: a class term ("dị ứng penicilin"), or the class of a known substance
 * ("sốc khi tiêm ampicillin": ampicillin, J01CA01, is a penicillin — the narrowest class its ATC falls in).
 */
function classesOf(allergy: string): [string[], string[]][] {
  const a = syllables(allergy).join(' ');
  const named = CLASS_ATC.filter(([terms]) => terms.includes(a));
  if (named.length) return named;
  const atc = DRUG_LEXICON.find((d) => d.names.some((n) => syllables(n).join(' ') === a))?.atc;
  if (!atc) return [];
  // the narrowest class its code falls in: cefalexin (J01DB) is a cephalosporin, not every beta-lactam — an allergy to
  // it is no sure allergy to the penicillins (their contraindications say when it counts)
  const depth = ([, groups]: [string[], string[]]) =>
    Math.max(0, ...groups.filter((g) => atc.startsWith(g)).map((g) => g.length));
  const narrowest = CLASS_ATC.filter((c) => depth(c) > 0).sort((a, b) => depth(b) - depth(a))[0];
  return narrowest ? [narrowest] : [];
}

/**
 * Must this drug stay off the list for a patient with this allergy? When it belongs to the
 * named class, is the named drug itself, or its contraindications name the allergen
 * ("Quá mẫn với penicilin" in a cephalosporin's contraindications).
 */
export function excludedByAllergy(
  drug: CorpusDrug,
  allergy: string,
  contraindications: string[],
  /** The user's words: a reaction said not to be anaphylaxis leaves a clause for immediate severe ones aside. */
  said = '',
): boolean {
  return allergyVerdict(drug, allergy, contraindications, said) !== null;
}

/**
 * How surely an allergy rules the drug out: `yes` when it is the drug itself or a class the drug belongs to;
 * `maybe` when only one of the drug's contraindications names the allergen ("quá mẫn tức thì nặng … với penicilin"
 * for cefalexin: whether it applies depends on the reaction); null when nothing does — nor when every clause that
 * names it is for immediate severe reactions and the user's words say this one was not ("nổi ban, ko phản vệ").
 */
export function allergyVerdict(
  drug: CorpusDrug,
  allergy: string,
  contraindications: string[],
  said = '',
): 'yes' | 'maybe' | null {
  if (allergyClasses(allergy).some((prefix) => drug.atc.startsWith(prefix))) return 'yes';
  const named = [drug.name, ...drug.aliases, drug.drug_id.replace(/_/g, ' ')];
  if (named.some((n) => syllables(n).join(' ') === syllables(allergy).join(' '))) return 'yes';
  // "dị ứng sulfamid" against "Quá mẫn … với sulfonamid": any name of the class the allergy names
  const names = allergenNames(allergy);
  const naming = contraindications.filter((text) => names.some((n) => containsPhrase(text, n)));
  if (!naming.length) return null;
  if (!naming.every((t) => IMMEDIATE_ONLY.test(t))) return 'maybe';
  // a clause for immediate severe reactions: not this patient's when the words deny one, surely theirs when they
  // tell one ("tiêm penicillin bị khó thở, tụt HA … phải tiêm adrenalin")
  if (anaphylaxisDenied(said)) return null;
  return anaphylaxisTold(said) ? 'yes' : 'maybe';
}

/** "sốc phản vệ", "tụt HA … phải tiêm adrenalin": the user tells an immediate severe reaction. */
function anaphylaxisTold(said: string): boolean {
  return / (?:soc|phan ve|tut ha|tut huyet ap|adrenalin|epinephrin) /.test(` ${syllables(said).join(' ')} `);
}

/** A clause for immediate severe reactions only ("phản ứng quá mẫn tức thì nặng (như phản vệ)"). */
const IMMEDIATE_ONLY = /tức thì|phản vệ/u;

/** "nổi ban, ko phản vệ", "không bị sốc", "không phải phản vệ": the user says the reaction was not anaphylaxis. */
export function anaphylaxisDenied(said: string): boolean {
  return /(?:^| )(?:khong|ko|k|chua|hong)(?: (?:bi|co|phai|la|tung))* (?:soc|phan ve)(?: |$)/.test(
    syllables(said).join(' '),
  );
}

/** The names a contraindication may give what the patient is allergic to: as said, and every name of its class. */
export function allergenNames(allergy: string): string[] {
  return [allergy, ...classesOf(allergy).flatMap(([terms]) => terms)];
}

/** The classes a drug belongs to, by its ATC code ("J01CA04" amoxicillin → penicilin, beta lactam). */
export function classTermsOf(atc: string): string[] {
  return CLASS_ATC.filter(([, groups]) => groups.some((g) => atc.startsWith(g))).map(([terms]) => terms[0]);
}
