import MiniSearch from 'minisearch';
import { SECTION_KEYS, type EvidencePart, type SectionKey } from '@app/contracts';
import type { Corpus, CorpusDrug } from './corpus';
import type { DrugNames } from './decide';
import { fold, indexTokens, normalize, syllables } from './normalize';
import { DrugResolver } from './resolver';
import { sectionByContent } from './section-by-content';
import { CLASS_WORDS } from './drug-class';
import { everydayToFormal } from './indication-rows';

export interface PartFilter {
  drugIds?: string[];
  sections?: SectionKey[];
}

export interface Scored {
  part: EvidencePart;
  score: number;
}

/**
 * One-word conditions and the longer heading the formulary writes them under (folded): "hen" alone is how people
 * say asthma, and "Hen phế quản: …" treats it as surely as "Hen nặng: …". Only for choosing the parts headed by the
 * condition — not a synonym, so "TS hen" in a note is not read as a formal diagnosis.
 */
const FORMAL_HEADS: Record<string, string[]> = { hen: ['hen phe quan'] };

/** Everyday names for the conditions the formulary names formally. */
const CONDITION_SYNONYMS: [string, string][] = [
  ['cao huyet ap', 'tang huyet ap'],
  ['huyet ap cao', 'tang huyet ap'],
  ['tieu duong', 'dai thao duong'],
  ['benh gout', 'benh gut'],
  ['gout', 'gut'],
  ['thong phong', 'gut'],
  ['mo mau cao', 'roi loan lipid mau'],
  ['mo mau', 'lipid mau'],
  ['cholesterol cao', 'tang cholesterol'],
  ['dau bao tu', 'viem loet da day'],
  ['dau da day', 'viem loet da day'],
  ['trao nguoc', 'trao nguoc da day thuc quan'],
  ['non oi', 'buon non'],
  ['suyen', 'hen phe quan'],
  ['hen suyen', 'hen phe quan'],
  ['kinh phong', 'dong kinh'],
  ['nhiem trung', 'nhiem khuan'],
  ['viem hong', 'nhiem khuan duong ho hap'],
  ['cam sot', 'sot'],
  ['noi me day', 'may day'],
  ['me day', 'may day'],
  ['type', 'typ'],
  ['tieu nieu', 'tiet nieu'],
  ['duong tieu', 'duong tiet nieu'],
  ['nhuc dau', 'dau dau'],
  ['suy tuyen giap', 'suy giap'],
  ['cuong tuyen giap', 'cuong giap'],
  ['nhuoc giap', 'suy giap'],
  // "đau dây sinh ba", the short name wards use for the trigeminal neuralgia
  ['dau day sinh ba', 'dau day than kinh sinh ba'],
  ['viem phoi cong dong', 'viem phoi mac phai cong dong'],
  // "đau dây V", "đau dây TK V": the fifth cranial nerve, by its number
  ['dau day v', 'dau day than kinh sinh ba'],
  ['dau day than kinh v', 'dau day than kinh sinh ba'],
];

/** The folded condition and its formal variants (every applicable synonym applied, one by one and all together). */
export function expandCondition(condition: string): string[] {
  const f = syllables(condition).join(' ');
  const out = [f];
  let all = ` ${f} `;
  for (const [from, to] of CONDITION_SYNONYMS) {
    if (` ${f} `.includes(` ${from} `)) out.push(` ${f} `.replace(` ${from} `, ` ${to} `).trim());
    if (all.includes(` ${from} `)) all = all.replace(` ${from} `, ` ${to} `);
  }
  out.push(all.trim());
  // "đau bụng kinh nguyên phát": a qualifier of origin narrows nothing the formulary distinguishes
  const qualified = /^(.+?) (?:nguyen phat|thu phat|vo can|khong ro nguyen nhan)$/.exec(f);
  if (qualified && qualified[1].includes(' ')) out.push(qualified[1]);
  // "nhiễm Chlamydia trachomatis": an infection named by its organism is named by the organism too
  // ("viêm cổ tử cung … do Chlamydia trachomatis"); "nhiễm khuẩn …", "nhiễm nấm …" are conditions of their own
  const organism = /^nhiem (\S+)(?: \S+)?$/.exec(f);
  if (organism && !INFECTION_KINDS.has(organism[1])) out.push(f.slice('nhiem '.length));
  return [...new Set(out)];
}
const INFECTION_KINDS = new Set(['khuan', 'trung', 'nam', 'virus', 'vi', 'giun', 'san', 'doc', 'lanh', 'ky', 'hiv']);

/** Folded Vietnamese function words and particles: on their own they name no condition. */
const FUNCTION_WORDS = new Set([
  'duoc',
  'dc',
  'khong',
  'ko',
  'k',
  'co',
  'bi',
  'thi',
  'la',
  'va',
  'hoac',
  'cho',
  'cua',
  'nao',
  'gi',
  'thuoc',
  'a',
  'nhe',
  'vay',
  'chua',
  'tri',
  'dung',
  'nay',
  'kia',
  // demonstratives and the bare head: "chữa bệnh đó" (unaccented "benh do") points back, it names nothing
  'do',
  'day',
  'ay',
  'benh',
]);

/** Bracketed words in an indication head that qualify it rather than name a condition. */
const BRACKET_QUALIFIERS = [
  'ke ca',
  'nhu',
  'vi du',
  'phoi hop',
  'lieu',
  'muc do',
  'dac biet',
  'bac',
  'tiem',
  'thuoc',
  'dieu tri',
];
const EDGE_LEADING = new Set(['cho']);
const EDGE_TRAILING = new Set(['khong', 'ko', 'vay', 'nhe', 'ha']);
const EDGE_TRAILING_WRITTEN = new Set(['không', 'vậy', 'nhé', 'nhe', 'hả'].map(normalize));

/**
 * The in-memory formulary index a worker serves from: parts by id, by drug and section,
 * a BM25 keyword index (MiniSearch) over folded syllables + bigrams, and an optional
 * dense matrix (one contiguous Float32Array, rows L2-normalised).
 */
/** Genera of organisms a test may find ("Chlamydia trachomatis (+)"): asked alone, the infection they cause. */
export const ORGANISM_GENERA = [
  'chlamydia',
  'helicobacter',
  'candida',
  'mycoplasma',
  'trichomonas',
  'giardia',
  'streptococcus',
  'staphylococcus',
  'escherichia',
  'legionella',
  'toxoplasma',
  'treponema',
  'neisseria',
  'salmonella',
  'shigella',
  'clostridium',
  'clostridioides',
  'pseudomonas',
  'klebsiella',
  'entamoeba',
];

export class CorpusIndex implements DrugNames {
  readonly resolver: DrugResolver;
  private readonly byId = new Map<string, EvidencePart>();
  private readonly bySection = new Map<string, EvidencePart[]>();
  private readonly drugs = new Map<string, CorpusDrug>();
  private readonly keyword: MiniSearch<EvidencePart>;
  private readonly rowOf = new Map<string, number>();
  private readonly sectionIndexes = new Map<string, MiniSearch<EvidencePart>>();
  /** Indications only: condition → drug searches never score the other nine sections. */
  private readonly indications: MiniSearch<EvidencePart>;
  private readonly indicationText = new Map<string, string>();
  /** The same, as written (lower case, marks kept). */
  private readonly indicationWritten = new Map<string, string>();
  /** As written, without a treatment that causes the condition or a cause ruled out (treatedClauses). */
  private readonly indicationTreated = new Map<string, string>();

  constructor(
    readonly corpus: Corpus,
    private readonly vectors: Float32Array | null = null,
    readonly dim = 0,
  ) {
    this.resolver = new DrugResolver(corpus.drugs);
    for (const d of corpus.drugs) this.drugs.set(d.drug_id, d);
    corpus.parts.forEach((p, i) => {
      this.byId.set(p.doc_id, p);
      this.rowOf.set(p.doc_id, i);
      const key = `${p.drug_id}|${p.section}`;
      const list = this.bySection.get(key) ?? [];
      list.push(p);
      this.bySection.set(key, list);
    });
    this.keyword = new MiniSearch<EvidencePart>({
      idField: 'doc_id',
      fields: ['text', 'drug_name'],
      storeFields: [],
      tokenize: (text) => indexTokens(text),
      processTerm: (t) => t,
      searchOptions: { boost: { text: 1, drug_name: 0.5 } },
    });
    this.keyword.addAll(corpus.parts);
    const chiDinh = corpus.parts.filter((p) => p.section === 'chi_dinh');
    this.indications = new MiniSearch<EvidencePart>({
      idField: 'doc_id',
      fields: ['text'],
      storeFields: [],
      tokenize: (t) => indexTokens(t),
      processTerm: (t) => t,
    });
    this.indications.addAll(chiDinh);
    for (const p of chiDinh) {
      const affirmed = affirmedIndication(p.text);
      this.indicationText.set(p.doc_id, ` ${syllables(affirmed).join(' ')} `);
      this.indicationWritten.set(p.doc_id, ` ${writtenWords(affirmed, true)} `);
      this.indicationTreated.set(p.doc_id, ` ${writtenWords(treatedClauses(affirmed), true)} `);
    }
    if (vectors && vectors.length !== corpus.parts.length * dim)
      throw new Error('vector matrix does not match the parts');
  }

  get hasDense(): boolean {
    return this.vectors !== null && this.dim > 0;
  }

  part(docId: string): EvidencePart | undefined {
    return this.byId.get(docId);
  }

  drug(drugId: string): CorpusDrug | undefined {
    return this.drugs.get(drugId);
  }

  namesOf(drugId: string): string[] {
    const d = this.drugs.get(drugId);
    return d ? [d.name, ...d.aliases] : [];
  }

  section(drugId: string, section: SectionKey): EvidencePart[] {
    return this.bySection.get(`${drugId}|${section}`) ?? [];
  }

  /** The section a question about this drug asks by its content words alone (see sectionByContent), or null. */
  sectionByContent(drugId: string, turn: string, minPairs?: number): SectionKey | null {
    const parts = SECTION_KEYS.flatMap((k) => this.section(drugId, k));
    return sectionByContent(parts, turn, this.namesOf(drugId), minPairs);
  }

  /** BM25 over the keyword index, filtered by drug and section. */
  searchKeyword(query: string, filter: PartFilter = {}, k = 10): Scored[] {
    const tokens = indexTokens(query);
    if (!tokens.length) return [];
    const results = this.keyword.search(tokens.join(' '), {
      combineWith: 'OR',
      filter: (r) => {
        const p = this.byId.get(r.id as string)!;
        return (
          (!filter.drugIds || filter.drugIds.includes(p.drug_id)) &&
          (!filter.sections || filter.sections.includes(p.section))
        );
      },
    });
    return results.slice(0, k).map((r) => ({ part: this.byId.get(r.id as string)!, score: r.score }));
  }

  /**
   * BM25 within one drug's section: a small MiniSearch index per (drug, section), built on
   * first use and cached — ranking a dozen parts never scans the whole corpus.
   */
  rankWithinSection(drugId: string, section: SectionKey, query: string): Scored[] {
    const key = `${drugId}|${section}`;
    let ms = this.sectionIndexes.get(key);
    if (!ms) {
      ms = new MiniSearch<EvidencePart>({
        idField: 'doc_id',
        fields: ['text'],
        storeFields: [],
        tokenize: (t) => indexTokens(t),
        processTerm: (t) => t,
      });
      ms.addAll(this.section(drugId, section));
      this.sectionIndexes.set(key, ms);
    }
    // the drug is settled: its own name in the query ranks the parts that repeat it ("omeprazol 20 mg …
    // phối hợp"), not the ones that answer ("uống trước bữa ăn")
    const names = new Set(this.namesOf(drugId).flatMap((n) => indexTokens(n)));
    const tokens = indexTokens(query).filter((t) => !names.has(t));
    if (!tokens.length) return [];
    return ms
      .search(tokens.join(' '), { combineWith: 'OR' })
      .map((r) => ({ part: this.byId.get(r.id as string)!, score: r.score }));
  }

  /** Cosine similarity (dot product of normalised rows) over the dense matrix. */
  searchDense(queryVector: Float32Array, filter: PartFilter = {}, k = 10, minScore = 0): Scored[] {
    if (!this.vectors) return [];
    const { dim, vectors } = this;
    const top: Scored[] = [];
    const parts = this.corpus.parts;
    for (let row = 0; row < parts.length; row++) {
      const p = parts[row];
      if (filter.drugIds && !filter.drugIds.includes(p.drug_id)) continue;
      if (filter.sections && !filter.sections.includes(p.section)) continue;
      let dot = 0;
      const base = row * dim;
      for (let j = 0; j < dim; j++) dot += vectors[base + j] * queryVector[j];
      if (dot < minScore) continue;
      if (top.length < k || dot > top[top.length - 1].score) {
        top.push({ part: p, score: dot });
        top.sort((a, b) => b.score - a.score);
        if (top.length > k) top.pop();
      }
    }
    return top;
  }

  /** Every part's text, folded, joined: what the corpus says anywhere. */
  private foldedText: string | null = null;

  /**
   * Does any part, of any section, name the phrase ("cường giáp" in levothyroxin's contraindications)? A condition
   * the formulary speaks of, though no indication treats it, is a condition it knows — not a vague one.
   */
  namesAnywhere(phrase: string): boolean {
    const key = syllables(phrase).join(' ');
    if (key.split(' ').length < 2) return false;
    this.foldedText ??= ` ${[...this.byId.values()].map((p) => syllables(p.text).join(' ')).join(' | ')} `;
    return this.foldedText.includes(` ${key} `);
  }

  /** Parts of `chi_dinh` that name the condition (any synonym), by keyword. */
  indicationKeyword(condition: string, k = 30): Scored[] {
    // a condition written with its marks is matched as written first: folded, "đau" is also "đầu"
    // (so "Đau nửa đầu" would name "đau" twice)
    const asWritten = writtenWords(condition);
    const variants: { v: string; written: boolean }[] = [
      ...(asWritten ? [{ v: asWritten, written: true }] : []),
      ...expandCondition(condition)
        .slice(asWritten ? 1 : 0)
        .map((v) => ({ v, written: false })),
    ];
    const seen = new Map<string, Scored>();
    for (const { v: raw, written } of variants) {
      // a leading "cho" and a closing question word ("cho viêm thận … không") are not part of the condition
      // (folded, most particles are also syllables of conditions: "nào"/"não", "đó"/"đỏ")
      const ws = raw.split(' ');
      while (ws.length > 1 && EDGE_LEADING.has(fold(ws[0]))) ws.shift();
      // as written, a word with its marks is only itself: "đau nhẹ" (mild) does not end in the particle "nhé"
      const trailing = (w: string) =>
        written && fold(w) !== w ? EDGE_TRAILING_WRITTEN.has(w) : EDGE_TRAILING.has(fold(w));
      while (ws.length > 1 && trailing(ws[ws.length - 1])) ws.pop();
      const v = ws.join(' ') || raw;
      const tokens = syllables(v);
      // a "condition" of function words only ("được", "không bạn") names nothing: it must not list drugs
      if (tokens.every((t) => FUNCTION_WORDS.has(t))) continue;
      // three content words or more name a condition together wherever they stand ("viêm họng do liên cầu"
      // in "viêm họng - viêm amidan do liên cầu"); fewer must stand as the phrase
      const content = v.split(' ').filter((t) => !FUNCTION_WORDS.has(fold(t)));
      const combineWith = content.length < 3 ? 'AND' : 'OR';
      for (const r of this.indications.search(tokens.join(' '), { combineWith })) {
        const id = r.id as string;
        const text = written ? this.indicationWritten.get(id)! : this.indicationText.get(id)!;
        if (content.length < 3 ? !this.occursAsTerm(text, v, written) : !inOneSpan(text, content, v.split(' ')))
          continue;
        const prev = seen.get(id);
        if (!prev || prev.score < r.score) seen.set(id, { part: this.byId.get(id)!, score: r.score });
      }
    }
    const folded = [...new Set(variants.map((x) => syllables(x.v).join(' ')))];
    const found = this.treating(folded, [...seen.values()], condition)
      .sort((a, b) => b.score - a.score)
      .slice(0, k);
    // what the words around the condition allow too: its heading and item, its grade dropped (see namesApart)
    const all = new Map(found.map((x) => [x.part.doc_id, x]));
    const chiDinh = [...this.byId.values()].filter((part) => part.section === 'chi_dinh');
    // ("viêm phổi do Mycoplasma": the condition and its cause written apart)
    for (const part of chiDinh)
      if (!all.has(part.doc_id) && namesApart(part.text, condition, true)) all.set(part.doc_id, { part, score: 0 });
    return [...all.values()].sort((a, b) => b.score - a.score).slice(0, k);
  }

  /**
   * The parts that treat the condition, not those that only name it on the way. A one-word condition
   * ("sốt") that some parts carry as a heading item of their own ("Sốt: hạ sốt …", "Đau và sốt: …")
   * lists only those: elsewhere it is a word of another condition ("sốt thương hàn", "co giật do sốt
   * cao"). A condition other parts treat ("Đái tháo đường typ 2: …") does not list a part that names it
   * only as a cause ("Bệnh thận do đái tháo đường typ 2" treats the kidney disease).
   */
  private treating(variants: string[], scored: Scored[], condition: string): Scored[] {
    let out = scored;
    const single = variants.filter((v) => v && !v.includes(' '));
    if (single.length) {
      // headed by the word or by its formal name ("hen" → "Hen phế quản: …")
      const heads = [...single, ...single.flatMap((v) => FORMAL_HEADS[v] ?? [])];
      const headed = out.filter((s) => headItems(s.part.text).some((h) => heads.includes(h)));
      if (headed.length) out = headed;
      else out = out.filter((s) => this.namesWordItself(s.part.doc_id, condition, variants));
    }
    // an infection asked by its organism ("nhiễm Chlamydia …") is treated where the organism is the cause
    // — and so is one asked by the organism alone ("Chlamydia trachomatis (+)")
    const byOrganism = variants.some((x) => x.startsWith('nhiem ') || ORGANISM_GENERA.includes(x.split(' ')[0]));
    const multi = variants.filter((v) => v.includes(' ') && !byOrganism);
    const textOf = (x: Scored) => ` ${syllables(affirmedIndication(x.part.text)).join(' ')} `;
    // "… khi có suy thận hoặc suy tim kèm theo": a state that goes with the use is not what the part treats
    // "Dự phòng biến cố tim mạch ở người bệnh có … đái tháo đường": who the use is for is not what it treats
    // (within each item of the part: "…, đột quỵ … ở người bệnh tim mạch …; đau thắt ngực ổn định" still treats angina)
    const beforeWhom = (x: Scored) =>
      ` ${affirmedIndication(x.part.text)
        .split(/[;.]/u)
        .map((item) => {
          const t = syllables(item).join(' ');
          const at = ` ${t} `.indexOf(' o nguoi ');
          return at >= 0 ? t.slice(0, Math.max(0, at - 1)) : t;
        })
        .join(' | ')} `;
    const treats = (x: Scored, v: string) =>
      beforeWhom(x).replaceAll(` do ${v} `, ' ').replaceAll(` ${v} kem theo `, ' ').includes(` ${v} `);
    // a treatment that causes the condition treated, or a cause ruled out, is never what the part treats
    const treatedText = (x: Scored) => ` ${syllables(treatedClauses(affirmedIndication(x.part.text))).join(' ')} `;
    const named = variants.filter((v) => v.includes(' '));
    out = out.filter((x) => !named.some((v) => textOf(x).includes(` ${v} `) && !treatedText(x).includes(` ${v} `)));
    const causeOnly = (x: Scored) => multi.some((v) => textOf(x).includes(` ${v} `) && !treats(x, v));
    // only when another part treats the condition itself: else the disease that causes it is all the formulary has
    if (out.some((x) => multi.some((v) => treats(x, v)))) out = out.filter((x) => !causeOnly(x));
    return out;
  }

  /**
   * A one-word condition no indication is headed by names a part only where the part writes that very word,
   * marks and all, and not as the cause of another condition: folded, "ho" (cough) is a syllable of "hô hấp",
   * "hở", "hỗ trợ", and "(ví dụ do ho)" tells why another drug was stopped, not what this one treats. A
   * longer synonym the part names (any variant of two words or more) still names it.
   */
  private namesWordItself(id: string, condition: string, variants: string[]): boolean {
    const folded = this.indicationText.get(id)!;
    if (variants.some((v) => v.includes(' ') && folded.includes(` ${v} `))) return true;
    const word = writtenWords(condition, true)?.split(' ');
    if (!word || word.length !== 1) return true;
    // a treatment that causes the condition treated is not treated either (treatedClauses)
    const text = this.indicationTreated.get(id)!;
    // an organism is what an infection is "do" (caused by): there the cause is what is treated
    const organism = ORGANISM_GENERA.includes(fold(word[0]));
    for (let at = text.indexOf(` ${word[0]} `); at >= 0; at = text.indexOf(` ${word[0]} `, at + 1))
      if (organism || !text.slice(0, at + 1).endsWith(' do ')) return true;
    return false;
  }

  /** Indication heads, folded and as written, longest first (built once). */
  private headTerms: { folded: string[]; written: string[] } | null = null;

  /**
   * The condition occurs in the indication as a term of its own, not as the start of a longer
   * condition the formulary names: "đau" occurs in "Đau: giảm các cơn đau …" but not in "Đau
   * thắt ngực: …" — one generic word must not list an unrelated drug.
   */
  private occursAsTerm(text: string, v: string, written: boolean): boolean {
    // only a one-word condition is generic enough to be the start of another ("đau" → "đau thắt ngực");
    // a longer one is narrowed by what follows it ("suy tim" → "suy tim sung huyết")
    if (v.includes(' ')) return text.includes(` ${v} `);
    this.headTerms ??= {
      folded: [...new Set(this.indicationHeads().map((h) => syllables(h).join(' ')))].sort(
        (a, b) => b.length - a.length,
      ),
      written: [...new Set(this.indicationHeads().map((h) => writtenWords(h) ?? ''))].sort(
        (a, b) => b.length - a.length,
      ),
    };
    // a longer heading that is only a kind of the word ("phù do suy tim", "đau nặng cấp tính") is still the word
    const longer = (written ? this.headTerms.written : this.headTerms.folded).filter(
      (h) => h.startsWith(`${v} `) && !kindOfFirstWord(syllables(h)),
    );
    for (let at = text.indexOf(` ${v} `); at >= 0; at = text.indexOf(` ${v} `, at + 1))
      if (!longer.some((h) => text.startsWith(` ${h} `, at))) return true;
    return false;
  }

  /**
   * The indication heads of every chi_dinh part ("Tăng huyết áp: ..." → "Tăng huyết áp"), and the
   * conditions a head names in brackets ("Bệnh do Rickettsia (sốt mò, sốt phát ban)" → "sốt mò",
   * "sốt phát ban"): the condition vocabulary.
   */
  indicationHeads(): string[] {
    const heads: string[] = [];
    const drugNames = this.corpus.drugs.flatMap((d) => [d.name, ...d.aliases]).map((n) => ` ${fold(n)} `);
    for (const p of this.corpus.parts) {
      if (p.section !== 'chi_dinh') continue;
      const head = p.text.split(/[:.]/)[0];
      const outside = head.split('(')[0];
      for (const h of outside.split(/,| và | hoặc /)) {
        const t = h.trim();
        if (t.length >= 2 && t.length <= 60 && t.split(/\s+/).length <= 8) heads.push(t);
      }
      for (const inner of head.matchAll(/\(([^)]*)\)/g))
        for (const h of inner[1].split(/,| và | hoặc /)) {
          const t = h.trim();
          const ws = t.split(/\s+/);
          if (ws.length < 2 || ws.length > 5 || /\d/.test(t)) continue;
          // "(kể cả …)", "(như …)", "(liều thấp)", "(phối hợp với …)": qualifiers, not conditions
          if (BRACKET_QUALIFIERS.some((q) => ` ${fold(t)} `.startsWith(` ${q} `))) continue;
          if (drugNames.some((n) => ` ${fold(t)} `.includes(n))) continue;
          heads.push(t);
        }
    }
    return heads;
  }
}

/** The words of a question and of a note's patient line, folded: they tell no indication part from another. */
const QUESTION_WORDS = new Set([
  'dung',
  'thuoc',
  'uong',
  'nao',
  'gi',
  'benh',
  'nhan',
  'tuoi',
  'nam',
  'nu',
  'khi',
  'voi',
  'cac',
  'trong',
  'o',
  'cua',
  'da',
  'dang',
  'nay',
  'tri',
  'dieu',
]);

/**
 * Of one drug's indication parts that name the condition (best-scored first), the one to quote: one that
 * treats it before one that only prevents it ("dự phòng cơn gút cấp" beside "điều trị cơn gút cấp" for a
 * patient with the attack), then the one sharing most content words with the user's ("mới chẩn đoán" →
 * the monotherapy part, "đau do ung thư" → the cancer-pain part), then the one written first.
 */
export function pickIndicationPart(parts: EvidencePart[], condition: string, said: string): EvidencePart {
  // the user's everyday words count in the formulary's ("hậu phẫu" is "phẫu thuật")
  const words = new Set(
    syllables(everydayToFormal(said)).filter((w) => !FUNCTION_WORDS.has(w) && !QUESTION_WORDS.has(w)),
  );
  const variants = expandCondition(condition);
  const prevents = (text: string) =>
    variants.some((v) =>
      new RegExp(`(?:du phong|phong ngua)(?: [a-z]+){0,2} ${v}(?: |$)`).test(syllables(text).join(' ')),
    );
  const shared = (text: string) => syllables(text).filter((w) => words.has(w)).length;
  const rank = (q: EvidencePart) => (prevents(q.text) ? 0 : 1000) + shared(q.text);
  // a tie goes to the part the monograph writes first: its main use ("… typ 2: điều trị …" before "… phối hợp")
  const order = (q: EvidencePart) => Number(q.doc_id.split('__').pop());
  return parts.reduce((best, q) =>
    rank(q) > rank(best) || (rank(q) === rank(best) && order(q) < order(best)) ? q : best,
  );
}

/**
 * Does an indication text name the condition: every content word of one of its formulary
 * variants (synonyms applied) in one short span, with no negation the condition does
 * not have ("đau thắt ngực ổn định" is not "đau thắt ngực không ổn định")? The rule every listed
 * drug meets; a dense match alone only says "close".
 */
export function namesCondition(text: string, condition: string): boolean {
  return namesInOneSpan(text, condition) || namesApart(text, condition, true);
}

function namesInOneSpan(text: string, condition: string): boolean {
  const folded = ` ${syllables(affirmedIndication(text)).join(' ')} `;
  return expandCondition(condition).some((v) => {
    const content = v.split(' ').filter((w) => w && !FUNCTION_WORDS.has(w));
    return content.length > 0 && inOneSpan(folded, content, v.split(' '));
  });
}

/**
 * The ways an indication names a condition whose words it writes apart:
 * - its heading and one of its items ("Động kinh: cơn cục bộ … và cơn co cứng – co giật toàn thể" names
 *   "động kinh cơn co cứng co giật toàn thể"), however many items stand between them;
 * - without the condition's grade or course ("viêm xoang" names "viêm xoang cấp", "viêm phổi mắc phải cộng
 *   đồng" names "… mức độ nhẹ"), when it names no other grade in its heading or right after the condition —
 *   never for a severe one ("viêm phổi nặng" only where the formulary says severe);
 * - `withCause`: the condition and its cause apart ("viêm cổ tử cung không biến chứng do Chlamydia
 *   trachomatis" names "viêm cổ tử cung do chlamydia").
 */
export function namesApart(text: string, condition: string, withCause: boolean): boolean {
  const c = syllables(condition);
  const body = syllables(affirmedIndication(text.includes(':') ? text.slice(text.indexOf(':') + 1) : text));
  const heading = text.includes(':') ? syllables(text.split(':')[0]) : [];
  // heading and item
  const item = headItems(text)
    .filter((h) => h.length > 0 && c.join(' ').startsWith(`${h} `))
    .map((h) => c.slice(h.split(' ').length).join(' '))
    .find((rest) => rest.split(' ').length >= 2 && ` ${body.join(' ')} `.includes(` ${rest} `));
  if (item) return true;
  // without its grade
  const grade = GRADES.find((g) => c.join(' ').endsWith(` ${g}`));
  if (grade && !core(grade).includes('nang')) {
    const head = c.slice(0, c.length - grade.split(' ').length);
    const content = head.filter((w) => !FUNCTION_WORDS.has(w));
    if (head.length >= 2 && !head.includes('nang') && namesInOneSpan(text, head.join(' '))) {
      const ws = syllables(affirmedIndication(text));
      const last = content[content.length - 1];
      // "Hen nặng: cơn hen phế quản cấp trung bình đến nặng": the item names this grade itself, whatever its heading
      if (ws.some((w, i) => w === last && namesGrade(ws.slice(i + 1, i + 9), grade))) return true;
      if (
        !conflictingGrade(heading, grade) &&
        ws.some((w, i) => w === last && !conflictingGrade(ws.slice(i + 1, i + 9), grade))
      )
        return true;
    }
  }
  // "viêm niệu đạo do Chlamydia" is an infection by it: "nhiễm Chlamydia trachomatis không biến chứng" treats it
  const cause = /^(.+?) do (.+)$/u.exec(c.join(' '));
  const organism = cause?.[2].split(' ').filter((t) => !FUNCTION_WORDS.has(t))[0];
  if (organism && organism.length >= 5 && ` ${body.join(' ')} `.includes(` nhiem ${organism} `)) return true;
  // the cause apart
  if (withCause) {
    const m = /^(.+?) do (.+)$/u.exec(c.join(' '));
    const cause = m?.[2]
      .split(' ')
      .filter((t) => !FUNCTION_WORDS.has(t))
      .slice(0, 2)
      .join(' ');
    if (m && cause && m[1].split(' ').length >= 2 && ` ${syllables(text).join(' ')} `.includes(` ${cause} `))
      return namesInOneSpan(text, m[1]) || namesApart(text, m[1], false);
    // "viêm họng do liên cầu": a streptococcus is a typical bacterium, which an entry for the condition "do vi khuẩn
    // nhạy cảm" covers — not an atypical germ (the formulary names those: "kể cả do … Mycoplasma"), never a resistant
    // one ("… kháng methicilin")
    if (
      m &&
      cause &&
      TYPICAL_BACTERIA.includes(cause) &&
      !m[2].split(' ').includes('khang') &&
      m[1].split(' ').length >= 2 &&
      ` ${syllables(text).join(' ')} `.includes(' do vi khuan nhay cam ')
    )
      // the condition itself, as the entry writes it ("viêm họng - viêm amidan"), not a wider term a synonym reaches
      return inOneSpan(
        ` ${syllables(affirmedIndication(text)).join(' ')} `,
        m[1].split(' ').filter((w) => !FUNCTION_WORDS.has(w)),
        m[1].split(' '),
      );
  }
  return false;
}

/** Typical pyogenic bacteria a general "do vi khuẩn nhạy cảm" entry covers (folded). */
const TYPICAL_BACTERIA = ['lien cau', 'phe cau'];

/** A grade's own words ("mức độ nhẹ đến vừa" → nhẹ, vừa). */
const core = (g: string) => g.split(' ').filter((x) => !['muc', 'do', 'den', 'tinh'].includes(x));

/** Does this grade, in any of its wordings, stand in the words ("trung bình đến nặng" for "mức trung bình")? */
function namesGrade(ws: string[], grade: string): boolean {
  return ws.some((_, i) =>
    GRADES.some((g) => g.split(' ').every((x, j) => ws[i + j] === x) && core(g).some((x) => core(grade).includes(x))),
  );
}

/**
 * Does another grade than this one stand in the words ("nặng" beside "mức độ nhẹ")? A grade the text adds to what
 * it treats ("cơn hen cấp, kể cả cơn hen nặng") widens it and restricts nothing.
 */
function conflictingGrade(ws: string[], grade: string): boolean {
  const including = (i: number) =>
    ws.slice(Math.max(0, i - 4), i).some((w, k, all) => w === 'ke' && all[k + 1] === 'ca');
  return ws.some(
    (_, i) =>
      !including(i) &&
      GRADES.some(
        (g) => g.split(' ').every((x, j) => ws[i + j] === x) && !core(g).some((x) => core(grade).includes(x)),
      ),
  );
}

/** Words that ask for a section, folded: no state of the patient's. */
const ASKING = new Set(['chi', 'dinh', 'lieu', 'luong', 'cach']);

/**
 * Does an indication say the drug is not for what the user describes? What it denies ("Không có hiệu quả
 * và có thể làm nặng thêm cơn vắng ý thức") shares two content words in a row with the user's words
 * ("bị động kinh cơn vắng ý thức"), other than the condition's own: the drug is not listed for them.
 */
export function deniedForWords(text: string, said: string, condition: string): boolean {
  const own = new Set(expandCondition(condition).flatMap((v) => v.split(' ')));
  // the question's own words (a class asked, "chỉ định") describe nothing of the patient
  const content = (w: string) =>
    !FUNCTION_WORDS.has(w) && !QUESTION_WORDS.has(w) && !own.has(w) && !CLASS_WORDS.has(w) && !ASKING.has(w);
  const pairs = (t: string) => {
    const ws = syllables(t);
    return ws.slice(1).flatMap((w, i) => (content(ws[i]) && content(w) ? [`${ws[i]} ${w}`] : []));
  };
  const saidPairs = new Set(pairs(said));
  return [...text.matchAll(NOT_FOR)].some((m) => pairs(m[0]).some((p) => saidPairs.has(p)));
}

/**
 * An indication's text without what it says the drug is not for: from "không dùng làm/cho" or
 * "không phải (là) lựa chọn/thuốc" to the end of that sentence or bracket. Ciprofloxacin's "Không
 * dùng làm lựa chọn đầu tay cho viêm bàng quang không biến chứng" names cystitis only to say so;
 * it does not make ciprofloxacin a drug for cystitis; nor does "Không có hiệu quả và có thể làm nặng thêm cơn
 * vắng ý thức" make carbamazepin one for absence seizures.
 */
export function affirmedIndication(text: string): string {
  return text.replace(NOT_FOR, ' ');
}

/**
 * What an indication treats: its text without a condition's cause that is a treatment ("Buồn nôn, nôn do thuốc điều
 * trị bệnh Parkinson": the nausea is treated, not Parkinson's disease; "nôn do hoá trị liệu ung thư": not cancer) and
 * without a cause ruled out ("viêm mắt không do nhiễm khuẩn": no infection) — from "do" to the next comma or clause
 * end. A disease that causes the condition ("phù do suy tim") is left to the callers (treating).
 */
export function treatedClauses(text: string): string {
  return text.replace(NOT_TREATED_CAUSE, ' ');
}
const NOT_TREATED_CAUSE =
  /(?<![\p{L}])(?:(?:không|khong|ko)\s+do|do\s+(?:(?:dùng|dung|sử dụng|su dung)\s+)?(?:thuốc|thuoc|hoá trị|hóa trị|hoa tri|xạ trị|xa tri|điều trị|dieu tri))(?![\p{L}])[^,;:.()]*/giu;
const NOT_FOR =
  /(?:không|khong)\s+(?:(?:dùng|dung)\s+(?:làm|lam|cho)|(?:phải|phai)\s+(?:(?:là|la)\s+)?(?:lựa chọn|lua chon|thuốc|thuoc)|(?:có|co)\s+(?:hiệu quả|hieu qua))[^.;)]*/giu;

/**
 * The items of an indication's heading ("Đau và sốt: …" → "dau", "sot"), folded, brackets aside. An item
 * that is one word graded by severity or course ("Đau nặng cấp tính", "Đau vừa đến nặng", "Đau mạn tính
 * nặng", "Đau vừa đến nặng cấp tính … khi …") is that word too: a kind of pain, not another disease ("đau thắt
 * ngực" keeps its words).
 */
function headItems(text: string): string[] {
  const head = text.split(/[:.;]/)[0].replace(/\([^)]*\)/g, ' ');
  return head
    .split(/,| và | hoặc /)
    .map((h) => syllables(h))
    .flatMap((ws) => (kindOfFirstWord(ws) ? [ws.join(' '), ws[0]] : [ws.join(' ')]))
    .filter(Boolean);
}
/**
 * Is a heading item (folded syllables) a kind of its first word: graded by severity or course ("đau nặng
 * cấp tính", "đau vừa đến nặng … khi …") or said with its cause ("phù do suy tim", "đau do ung thư")?
 */
function kindOfFirstWord(ws: string[]): boolean {
  // the grades run to the item's end or to a clause of when or what for ("… cấp tính khi …", "… cần …")
  // ("độ" of "mức độ" folds to "do", as the cause's "do" does: it grades only after "mức")
  const grade = (k: number) => GRADE_WORDS.has(ws[k]) && (ws[k] !== 'do' || ws[k - 1] === 'muc');
  let n = 1;
  while (n < ws.length && grade(n)) n++;
  return (n > 1 && (n === ws.length || GRADE_ENDS.has(ws[n]))) || ws[n] === 'do';
}

/** Words that grade a heading's condition by severity or course, folded. */
const GRADE_WORDS = new Set(['cap', 'man', 'tinh', 'nang', 'nhe', 'vua', 'den', 'muc', 'do', 'trung', 'binh']);
/** Words that start a clause after the grades: when or for whom the indication holds, not another disease. */
const GRADE_ENDS = new Set(['khi', 'can', 'nhu', 'o']);

/** Extra words a span may hold between the condition's words ("viêm họng - viêm amidan do liên cầu"). */
const SPAN_SLACK = 4;
const NEGATING = new Set(['khong', 'chua']);

/** Grades and courses a condition may be told with, folded, longest first. */
const GRADES = [
  'muc do nhe den vua',
  'muc do nhe',
  'muc do vua',
  'muc do trung binh',
  'muc do nang',
  'muc trung binh',
  // "mức độ" left without its word ("… mức độ vừa" read with "vừa" taken for "just")
  'muc do',
  'nhe den vua',
  'trung binh',
  'cap tinh',
  'man tinh',
  'nhe',
  'vua',
  'nang',
  'cap',
  'man',
];

/** The words all occur within one short window of the folded text (in any order), and the window adds no negation. */
function inOneSpan(
  folded: string,
  content: string[],
  /** The condition's own words: a negation it says itself ("viêm cổ tử cung không biến chứng") is no added one. */
  own: string[] = content,
): boolean {
  const ws = folded.trim().split(' ');
  const width = content.length + SPAN_SLACK;
  for (let start = 0; start < ws.length; start++) {
    if (!content.includes(ws[start])) continue;
    const window = ws.slice(start, start + width);
    const found = content.map((c) => window.indexOf(c));
    if (found.some((i) => i < 0)) continue;
    const span = window.slice(0, Math.max(...found) + 1);
    if (!span.some((w) => NEGATING.has(fold(w)) && !own.some((o) => fold(o) === fold(w)))) return true;
  }
  return false;
}

/**
 * The words of a text as written (lower case, diacritics kept), or null when the text carries no
 * marks at all (then only its folded form can be matched). `always`: the text is known to be written.
 */
function writtenWords(text: string, always = false): string | null {
  const ws = (normalize(text).match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []) as string[];
  if (!always && !ws.some((w) => fold(w) !== w)) return null;
  return ws.join(' ');
}
