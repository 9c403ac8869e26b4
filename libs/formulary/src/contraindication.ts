import type { ContraFinding, EvidencePart, PatientContext, PatientSeverity, Route, SectionKey } from '@app/contracts';
import { startsWithDrugClass } from './drug-class';
import { expandCondition, type CorpusIndex } from './corpus-index';
import { containsPhrase, fold, normalize, syllables } from './normalize';

/**
 * A contraindication of one drug that names this patient's state (the stage-2 hop's contract type): both
 * verdicts, `yes` and `maybe`, keep the drug off a condition → drug list, and the reply quotes the clause.
 */
export type { ContraFinding };

/**
 * What the findings leave of one drug: the one that keeps it off a list, if any, and those scoped to a
 * dosage form it is not limited to ("Dạng tiêm: …" for a drug also given by mouth), which leave it listed
 * with the clause quoted. `drugRoutes`: the routes the drug's dosing entries are written for.
 */
export function byDosageForm(
  findings: ContraFinding[],
  drugRoutes: Route[],
): { forbids: ContraFinding | null; formLimited: ContraFinding[] } {
  const scoped = (f: ContraFinding) => f.routes !== null && drugRoutes.some((r) => !f.routes!.includes(r));
  const forbids = findings.find((f) => !scoped(f)) ?? null;
  return { forbids, formLimited: forbids ? [] : findings.filter(scoped) };
}

/** Dosage forms a clause may be scoped to ("Dạng tiêm: …"), folded, longest first, with their routes. */
const FORM_ROUTES: [string, Route[]][] = [
  ['tiem tinh mach', ['tiem_tinh_mach', 'truyen_tinh_mach']],
  ['truyen tinh mach', ['truyen_tinh_mach']],
  ['tiem bap', ['tiem_bap']],
  ['tiem duoi da', ['tiem_duoi_da']],
  ['tiem', ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da']],
  ['truyen', ['truyen_tinh_mach']],
  ['uong', ['uong']],
  ['dat truc trang', ['dat_truc_trang']],
  ['hit', ['hit']],
  ['khi dung', ['hit']],
  ['bo ngoai da', ['bo_ngoai_da']],
  ['bo', ['bo_ngoai_da']],
  ['nho mat', ['nho_mat']],
];

/**
 * The routes a text names ("… tiêm tĩnh mạch sau benzodiazepin" → intravenous), longest form first: what an
 * indication says the drug is given by for it.
 */
export function routesNamed(text: string): Route[] {
  let t = ` ${syllables(text).join(' ')} `;
  const out = new Set<Route>();
  for (const [form, routes] of FORM_ROUTES)
    if (t.includes(` ${form} `)) {
      routes.forEach((r) => out.add(r));
      t = t.replaceAll(` ${form} `, ' ');
    }
  return [...out];
}

/**
 * The routes a drug is given by for the condition asked: those its indications for it name ("Trạng thái động kinh …:
 * tiêm tĩnh mạch sau benzodiazepin"), else those its dosing rows are written for. A dosage form's contraindication is
 * scoped against them (byDosageForm).
 */
export function routesGivenFor(
  index: Pick<CorpusIndex, 'indicationKeyword' | 'section'>,
  drug: string,
  condition: string | null,
): Route[] {
  const named = condition
    ? index
        .indicationKeyword(condition)
        .filter((s) => s.part.drug_id === drug)
        .flatMap((s) => routesNamed(s.part.text))
    : [];
  if (named.length) return [...new Set(named)];
  const rows = index.section(drug, 'lieu_luong_cach_dung').map((q) => q.route);
  return [...new Set(rows.filter((r): r is Route => r !== null))];
}

/** The routes of one dosage form as written ("tiêm", "uống", "khí dung"), or null when it is none of them. */
const routesOfForm = (written: string): Route[] | null => {
  const form = syllables(written).join(' ');
  return FORM_ROUTES.find(([f]) => form === f || form.startsWith(`${f} `))?.[1] ?? null;
};

/** "không dùng salbutamol dạng uống hoặc dạng tiêm": the forms a clause forbids, in its own words. */
const FORBIDDEN_FORMS =
  /không\s+(?:được\s+)?dùng(?:\s+[\p{L}]+){0,2}?((?:\s+(?:hoặc|và|,)?\s*dạng\s+[\p{L}]+(?:\s+[\p{L}]+)?)+)(?=\s*[.;:)]|\s+(?:cho|ở|khi|trong|với)\s|\s*$)/u;

/**
 * The routes a clause is scoped to, or null: its dosage-form heading ("Dạng tiêm: …"), or the forms it forbids
 * ("Doạ sẩy thai: không dùng salbutamol dạng uống hoặc dạng tiêm") — every form named must be one known, else
 * the clause is read as the drug's, whatever the form.
 */
export function formScope(clause: string): Route[] | null {
  const n = normalize(clause);
  const heading = /^dạng\s+([^:]{1,30}):/u.exec(n);
  if (heading) return routesOfForm(heading[1]);
  const forbidden = FORBIDDEN_FORMS.exec(n);
  if (!forbidden) return null;
  const forms = forbidden[1].split(/\s*(?:hoặc|và|,)\s*/u).flatMap((f) => {
    const m = /^\s*dạng\s+(.+?)\s*$/u.exec(f);
    return m ? [routesOfForm(m[1])] : [];
  });
  if (!forms.length || forms.some((r) => r === null)) return null;
  return [...new Set(forms.flatMap((r) => r!))];
}

/** The sections a patient-state contraindication is written in. */
export const CONTRA_SECTIONS: SectionKey[] = ['chong_chi_dinh', 'thoi_ky_mang_thai', 'thoi_ky_cho_con_bu'];
/** What a patient's review reads: the contraindications, and the precautions that tell to avoid the drug. */
export const REVIEWED_SECTIONS: SectionKey[] = [...CONTRA_SECTIONS, 'than_trong'];

/** A clause about giving the drug with another one: a contraindication of the pair, not of a state. */
const COMEDICATION = /(?:^|\s)(?:phối hợp|dùng đồng thời|đang dùng|kết hợp với|tiêm vắc xin)(?=\s|$)/u;
/** A clause that denies a contraindication ("không (có|phải) chống chỉ định …"): it keeps no drug off. */
const DENIES = /(?:không|chưa)\s+(?:có\s+|phải\s+(?:là\s+)?)?chống chỉ định/u;
/** The formulary's own exception or narrowing: the clause may not apply to this patient. */
const QUALIFIED = /(?:^|[\s(])(?:trừ|ngoại trừ|liều|dạng|khi dùng|nếu)(?=\s|$)/u;
/** A clause in a pregnancy or lactation section that forbids the drug (one that denies it is read first). */
const FORBIDS = /chống chỉ định|(?:^|[,:;]\s*)không (?:được )?dùng(?=\s|$)/u;
/** "không dùng … để (điều trị) X": the use X is forbidden, not the drug. */
const FORBIDDEN_USE =
  /không (?:được )?dùng((?:\s+[\p{L}]+){0,5}?)\s+để\s+(?:điều trị\s+|trị\s+)?(.+?)(?=\s+vì(?:\s|$)|\s*[:;.(]|$)/u;
/** "trừ (trường hợp) X": the formulary's own exception, for the use X. */
const EXCEPT = /(?:^|\s)trừ\s+(?:trường hợp\s+|khi\s+)?(.+?)(?=[;.)]|$)/u;
const TRIMESTER_SUBJECT = /^(?:trong\s+)?(?:ba|3) tháng (đầu|giữa|cuối)(?:\s+của)?\s+thai kỳ/u;
const PREGNANCY_SUBJECT = /^(?:phụ nữ|người)\s+(?:đang\s+)?(?:có thai|mang thai)/u;
const LACTATION_SUBJECT = /^(?:(?:phụ nữ|người)\s+)?(?:đang\s+)?cho con bú|^thời kỳ cho con bú/u;
const ORGAN_SUBJECT = /^(?:suy thận|suy gan|bệnh gan|bệnh thận|thai kỳ|thời kỳ mang thai)/u;
const LEAD = /^(?:người bệnh|bệnh nhân|người)\s+(?=suy|bệnh)/u;
/** "Trẻ em dưới 16 tuổi", "trẻ dưới 2 tháng", "trẻ em và thiếu niên dưới 18 tuổi": a contraindication by age. */
const AGE_LIMIT = /^trẻ(?:\s+em)?(?:\s+và thiếu niên)?\s+dưới\s+(\d+)\s+(tuổi|tháng)/u;

/**
 * The contraindications among one drug's parts (its Chống chỉ định, Thời kỳ mang thai and Thời kỳ cho
 * con bú sections) that name this patient's pregnancy, breastfeeding, kidney, liver or comorbidity, or
 * forbid the use asked (`condition`). Read clause by clause: a pairing with another drug is not a
 * state's contraindication; a trimester-scoped one applies in that trimester, and when the trimester
 * is not said it may; a severity-scoped one ("suy thận nặng", "dưới 10 ml/phút") is held against the
 * range the user's words give, and when they give none it may.
 */
export function contraindicationsFor(
  parts: EvidencePart[],
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
  /** The user's own words of the conversation, ward shorthand expanded ("" when not known). */
  said = '',
): ContraFinding[] {
  const out: ContraFinding[] = [];
  const saidFolded = ` ${syllables(said).join(' ')} `;
  const carried = positiveMarkers(said);
  for (const part of parts) {
    if (part.section === 'than_trong') {
      out.push(...avoidancesFor(part, patient, severity, condition, saidFolded));
      out.push(...markerAvoidances(part, carried));
      continue;
    }
    if (!CONTRA_SECTIONS.includes(part.section)) continue;
    for (const quote of clauses(part.text)) {
      const n = normalize(quote);
      const applies =
        clauseApplies(part.section, n, patient, severity, condition) ??
        (part.section === 'chong_chi_dinh' ? statedInWords(n, saidFolded, condition) : null) ??
        (part.section === 'chong_chi_dinh' ? takenWith(quote, saidFolded, part) : null) ??
        (part.section === 'chong_chi_dinh' ? withoutContraception(quote, saidFolded) : null);
      if (applies) out.push(finding(part, quote, applies));
    }
  }
  return out.sort((a, b) => (a.applies === b.applies ? 0 : a.applies === 'yes' ? -1 : 1));
}

/**
 * "Phụ nữ có khả năng mang thai không áp dụng biện pháp tránh thai hiệu quả …" (valproate): held against a woman the
 * user's words say uses no contraception ("ko dùng BPTT", "không tránh thai") — the clause is hers.
 */
function withoutContraception(quote: string, saidFolded: string): 'yes' | null {
  const q = ` ${syllables(quote).join(' ')} `;
  if (!q.includes(' kha nang mang thai ') || !q.includes(' tranh thai ')) return null;
  return NO_CONTRACEPTION.test(saidFolded) ? 'yes' : null;
}
const NO_CONTRACEPTION =
  / (?:khong|ko|k|chua) (?:(?:dung|ap dung|su dung|co|xai) )?(?:bien phap )?(?:tranh thai|ngua thai|bptt) /u;

/** A genetic marker as the monographs and users write it ("HLA-B*1502", "HLA B 1502"), folded and spaced alike. */
const MARKER = /hla\s*-?\s*[a-z]\s*\*?\s*\d{2,4}/gu;
const markerKey = (m: string) => m.replace(/[^a-z0-9]/gu, '');
/** What follows a marker that says the patient carries it: "dương tính", "(+)", "+", "positive". */
const POSITIVE_AFTER = /^\s*(?:[:=]\s*)?(?:\(\s*\+\s*\)|\+|duong tinh|positive|pos\b)/u;

/** The markers the user's words say the patient carries ("XN HLA-B*1502 dương tính", "mang alen HLA-B*1502"). */
export function positiveMarkers(said: string): Set<string> {
  const text = fold(said);
  const out = new Set<string>();
  for (const m of text.matchAll(MARKER)) {
    const after = text.slice((m.index ?? 0) + m[0].length);
    const before = text.slice(Math.max(0, (m.index ?? 0) - 12), m.index);
    if (POSITIVE_AFTER.test(after) || /mang (?:alen |gen )?$/u.test(before)) out.add(markerKey(m[0]));
  }
  return out;
}

/**
 * "Cần xét nghiệm HLA-B*1502 …; nếu dương tính không nên dùng carbamazepin": a precaution's advice to avoid the drug
 * that turns on a genetic marker the part names, held against a positive result the user's words give — `maybe`,
 * like every avoidance, so a list keeps the drug off and quotes why and a single-drug answer quotes it first.
 */
function markerAvoidances(part: EvidencePart, carried: Set<string>): ContraFinding[] {
  if (!carried.size) return [];
  const named = [...fold(part.text).matchAll(MARKER)].map((m) => markerKey(m[0]));
  if (!named.some((m) => carried.has(m))) return [];
  const all = clauses(part.text);
  return all.flatMap((quote, i) => {
    if (!AVOID.test(normalize(quote)) || !/dương tính|mang alen|người mang/u.test(normalize(quote))) return [];
    // "nếu dương tính không nên dùng …" names no marker: quoted from the clause before it, which does
    const from = new RegExp(MARKER.source, 'u').test(fold(quote)) || i === 0 ? -1 : part.text.indexOf(all[i - 1]);
    const end = part.text.indexOf(quote) + quote.length;
    return [finding(part, from >= 0 && from < end ? part.text.slice(from, end) : quote, 'maybe')];
  });
}

/** One clause of a part, found to apply, with the dosage forms it is scoped to. */
const finding = (part: EvidencePart, quote: string, applies: 'yes' | 'maybe'): ContraFinding => ({
  drug_id: part.drug_id,
  doc_id: part.doc_id,
  section: part.section,
  quote,
  applies,
  routes: formScope(quote),
});

/** A precaution that tells to avoid the drug ("Tránh dùng khi bị thủy đậu", "…: không khuyến cáo dùng"). */
const AVOID = /(?:^|[\s,:;])(tránh dùng|không khuyến cáo dùng|không nên dùng)(?=\s|[.,;:]|$)/u;
/** "Tránh dùng khi bị X", "Không nên dùng cho X": the subject follows the lead. */
const AVOID_LEAD =
  /^(?:tránh dùng|không khuyến cáo dùng|không nên dùng)\s+(?:(?:khi|cho|ở|trong)\s+)?(?:(?:bị|có|người|người bệnh|bệnh nhân)\s+)*/u;

/**
 * The precautions' clauses that tell to avoid the drug for a state this patient has ("Tránh dùng khi bị thủy đậu"
 * said of a child with chickenpox; "Trẻ em dưới 12 tuổi hoặc cân nặng dưới 35 kg: … không khuyến cáo dùng" of an
 * 8-year-old): their subject read as a contraindication's, and never surer than `maybe` — the formulary advises,
 * it does not forbid — so a list keeps the drug off and quotes why, and a dose answer quotes it first.
 */
function avoidancesFor(
  part: EvidencePart,
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
  said: string,
): ContraFinding[] {
  const out: ContraFinding[] = [];
  for (const quote of clauses(part.text)) {
    const n = normalize(quote);
    if (!AVOID.test(n) || DENIES.test(n)) continue;
    // the subject after the lead ("tránh dùng khi bị thủy đậu"), else the clause before its advice
    const subject = AVOID_LEAD.test(n) ? n.replace(AVOID_LEAD, '') : n.split(/:\s*/u)[0];
    const applies =
      clauseApplies('chong_chi_dinh', subject, patient, severity, condition) ?? statedInWords(subject, said, condition);
    if (applies) out.push(finding(part, quote, 'maybe'));
  }
  return out;
}

function clauseApplies(
  section: SectionKey,
  n: string,
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
): 'yes' | 'maybe' | null {
  if (DENIES.test(n)) return null;
  // a pregnancy or lactation section speaks only to that state
  if (section === 'thoi_ky_mang_thai' && !patient.pregnant) return null;
  if (section === 'thoi_ky_cho_con_bu' && !patient.lactating) return null;
  const use = FORBIDDEN_USE.exec(n);
  if (use) {
    // "không dùng cho phụ nữ có thai để …": forbidden for that state only
    const whom = use[1];
    if (/thai/u.test(whom) && !patient.pregnant) return null;
    if (/bú/u.test(whom) && !patient.lactating) return null;
    if (!condition || !namesUse(use[2], condition)) return null;
    // "không dùng để điều trị cơn gút cấp" asked for gout: the clause forbids an acute form the user did not say
    return narrowerForm(use[2], condition) ? 'maybe' : 'yes';
  }
  // the formulary's exception is the use asked ("trừ trường hợp động kinh …" for epilepsy): the
  // drug is listed with its safety text, the prescriber weighs it
  if (condition && exceptedFor(n, condition)) return null;
  const qualified = QUALIFIED.test(n);
  if (section === 'chong_chi_dinh') {
    if (COMEDICATION.test(n)) return null;
    // a kind named in a bracket ("(hạ kali, …)" of "rối loạn điện giải đáng kể") carries its subject's qualifier
    const kinds = bracketKinds(n);
    const found = subjects(n).map((s) => {
      const applies = subjectApplies(s, n, patient, severity);
      return applies === 'yes' && kinds.includes(s) ? 'maybe' : applies;
    });
    if (found.includes('yes')) return qualified ? 'maybe' : 'yes';
    return found.includes('maybe') ? 'maybe' : null;
  }
  const state = section === 'thoi_ky_mang_thai' ? patient.pregnant : patient.lactating;
  if (!state || !FORBIDS.test(n)) return null;
  const scoped = section === 'thoi_ky_mang_thai' ? TRIMESTER_SUBJECT.exec(n) : null;
  const inScope = scoped ? trimesterApplies(scoped[1], severity) : 'yes';
  if (!inScope) return null;
  return qualified ? 'maybe' : inScope;
}

/**
 * The items a contraindication clause lists ("Suy gan nặng, suy thận nặng; …"), brackets aside. Before a
 * colon stands the subject, after it the reason ("Hội chứng Cockayne: … suy gan cấp" is about Cockayne);
 * a dosage form before the colon ("Dạng đặt trực tràng: không dùng cho người bị viêm trực tràng")
 * narrows what follows, which is then the subject. A use after "khi dùng" ("Ba tháng cuối thai kỳ khi dùng
 * liều giảm đau, chống viêm") qualifies the subject and is none itself.
 */
function subjects(n: string): string[] {
  // "… khi dùng liều giảm đau, chống viêm": what follows "khi dùng" is the use the clause is about, never a state
  const [head, ...rest] = n
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+khi\s+(?:dùng|sử dụng|uống|tiêm)\s.*$/u, '')
    .split(/:\s*/u);
  const subject = /^dạng\s/u.test(head.trim()) && rest.length ? rest.join(' ') : head;
  return [...subject.split(/,\s*|\s+(?:và|hoặc)\s+/u), ...bracketKinds(n)]
    .map((s) => s.trim().replace(LEAD, ''))
    .filter(Boolean);
}

/** "rối loạn điện giải đáng kể (hạ kali, hạ magnesi, tăng kali huyết)": the kinds a bracket names of its subject. */
function bracketKinds(n: string): string[] {
  return [...n.matchAll(/\(([^)]*)\)/gu)]
    .flatMap((m) => m[1].split(/,\s*|\s+(?:và|hoặc)\s+/u))
    .map((x) => x.trim().replace(LEAD, ''))
    .filter((x) => x && !/^(?:xem|như|ví dụ|kể cả|trừ|nhất là|đặc biệt)(?:\s|$)/u.test(x));
}

/**
 * How a patient's state may be written in a clause: its formal names, without the "máu/huyết" a lab state ends with
 * ("hạ kali máu" → "hạ kali"), and a prolonged QTc by the words the monographs use ("khoảng QTc", "QT kéo dài").
 */
function stateVariants(state: string): string[] {
  const base = expandCondition(state);
  const bare = base.map((v) => v.replace(/ (?:mau|huyet)$/u, '')).filter((v) => v.includes(' '));
  const qt = /\bqtc?\b/u.test(base[0]) ? ['khoang qtc', 'qt keo dai', 'keo dai khoang qt', 'keo dai qt'] : [];
  return [...new Set([...base, ...bare, ...qt])];
}

function subjectApplies(
  s: string,
  clause: string,
  patient: PatientContext,
  severity: PatientSeverity,
): 'yes' | 'maybe' | null {
  if (patient.pregnant) {
    const t = TRIMESTER_SUBJECT.exec(s);
    if (t) return trimesterApplies(t[1], severity);
    if (PREGNANCY_SUBJECT.test(s)) return 'yes';
  }
  if (patient.lactating && LACTATION_SUBJECT.test(s)) return 'yes';
  // "Trẻ em dưới 16 tuổi (nguy cơ hội chứng Reye)": held against the age the user's words give
  const young = AGE_LIMIT.exec(s);
  if (young && severity.age_years) {
    const limit = Number(young[1]) / (young[2] === 'tháng' ? 12 : 1);
    const [min, max] = severity.age_years;
    return max < limit ? 'yes' : min >= limit ? null : 'maybe';
  }
  if (patient.renal !== null && /^suy thận/u.test(s)) return renalApplies(s, clause, patient.renal, severity);
  if (patient.hepatic !== null && /^(?:suy gan|bệnh gan)/u.test(s)) return hepaticApplies(s, patient.hepatic, severity);
  const states = [patient.renal, patient.hepatic, ...patient.comorbidities].filter((x): x is string => !!x);
  for (const c of states) {
    // "hội chứng QT kéo dài bẩm sinh" is not a QTc found prolonged now, unless the user says it is congenital
    if (/bẩm sinh/u.test(s) && !/bam sinh/u.test(fold(c))) continue;
    // "nhiễm toan ceton do đái tháo đường", "tiền hôn mê đái tháo đường": the state as the cause of another (a
    // complication of it) is that complication's clause, not the state's
    const complication = (v: string) => new RegExp(`(?:^| )(?:do|hon me) ${v}(?: |$)`).test(syllables(s).join(' '));
    const named = stateVariants(c).find((v) => containsPhrase(s, v) && !complication(v));
    if (named) return syllables(s).join(' ') === named ? 'yes' : 'maybe';
  }
  return null;
}

function trimesterApplies(which: string, severity: PatientSeverity): 'yes' | 'maybe' | null {
  const t = which === 'đầu' ? 1 : which === 'giữa' ? 2 : 3;
  if (severity.trimester === null) return 'maybe';
  return severity.trimester === t ? 'yes' : null;
}

/**
 * "suy thận nặng" is below 30 ml/min, "giai đoạn cuối" below 15, "vừa (hoặc nặng)" below 60, a stated
 * threshold ("dưới 10 ml/phút", "eGFR < 30") wins; a bare "suy thận" is any impairment. An acute
 * failure, or one "kèm"/"do" something, names a state the range cannot tell: it may apply only when
 * the patient's own kidney words say it.
 */
function renalApplies(s: string, clause: string, renal: string, severity: PatientSeverity): 'yes' | 'maybe' | null {
  if (/^suy thận(?: \S+)? (?:kèm|do)(?=\s|$)|^suy thận cấp/u.test(s))
    return containsPhrase(renal, s.split(' ').slice(0, 3).join(' ')) ? 'maybe' : null;
  const stated = /(?:dưới|<)\s*(\d+(?:,\d+)?)\s*ml/u.exec(clause);
  const limit = stated
    ? Number(stated[1].replace(',', '.'))
    : /giai đoạn cuối/u.test(s)
      ? 15
      : /^suy thận (?:mức độ |từ )?vừa/u.test(s)
        ? 60
        : /nặng/u.test(s)
          ? 30
          : null;
  if (limit === null) return 'yes';
  const r = severity.renal_range;
  if (!r) return 'maybe';
  const [lo, hi] = r;
  if (lo === hi) return lo < limit ? 'yes' : null;
  if (hi <= limit) return 'yes';
  return lo >= limit ? null : 'maybe';
}

function hepaticApplies(s: string, hepatic: string, severity: PatientSeverity): 'yes' | 'maybe' | null {
  // "Suy gan vừa hoặc nặng" is listed as the items "suy gan vừa", "nặng"
  const needs: ('mild' | 'moderate' | 'severe')[] = /^suy gan (?:mức độ |từ )?vừa/u.test(s)
    ? ['moderate', 'severe']
    : /nặng/u.test(s)
      ? ['severe']
      : /^suy gan/u.test(s)
        ? ['mild', 'moderate', 'severe']
        : [];
  if (!needs.length) return 'maybe';
  // a bare "Suy gan" applies to a liver failure said as such; cirrhosis or hepatitis may or may not be one
  if (severity.hepatic_grade === null)
    return needs.length === 3 && containsPhrase(hepatic, 'suy gan') ? 'yes' : 'maybe';
  return needs.includes(severity.hepatic_grade) ? 'yes' : null;
}

const HYPERSENSITIVITY = /quá mẫn|mẫn cảm|dị ứng|phản vệ/u;
/**
 * States a clause names by their family, with the members a user names them by (folded): a patient with
 * "cường giáp (Basedow)" has a "rối loạn chức năng tuyến giáp".
 */
const STATE_FAMILIES: [string[], string[]][] = [
  [
    ['roi loan chuc nang tuyen giap', 'benh tuyen giap', 'benh ly tuyen giap'],
    [
      'cuong giap',
      'cuong tuyen giap',
      'basedow',
      'suy giap',
      'suy tuyen giap',
      'nhuoc giap',
      'viem tuyen giap',
      'buou giap',
    ],
  ],
  // "Loét dạ dày tá tràng tiến triển" names the peptic ulcer, whichever of its sites the user says
  [
    ['loet da day ta trang', 'loet da day', 'loet tieu hoa'],
    ['loet da day', 'loet ta trang', 'loet hanh ta trang', 'loet bao tu', 'loet tieu hoa', 'loet dd'],
  ],
  // "bệnh tim thiếu máu cục bộ" is what a heart attack, angina or a coronary stent tell of the patient
  [
    ['benh tim thieu mau cuc bo', 'thieu mau co tim', 'benh mach vanh'],
    [
      'nhoi mau co tim',
      'dau that nguc',
      'benh mach vanh',
      'hoi chung vanh cap',
      'thieu mau co tim',
      'stent dong mach vanh',
      'dat stent',
    ],
  ],
  // "bệnh mạch máu não": a stroke told by any of its names
  [
    ['benh mach mau nao'],
    ['dot quy', 'tai bien mach mau nao', 'nhoi mau nao', 'xuat huyet nao', 'thieu mau nao cuc bo'],
  ],
];
/** Leading words that name no state of the patient's (a population, a hypersensitivity, a pairing). */
const NO_STATE_HEADS = new Set([
  'qua man',
  'man cam',
  'di ung',
  'tre em',
  'tre so',
  'tre duoi',
  'phu nu',
  'nguoi cao',
  'nguoi lon',
  'dung dong',
  'phoi hop',
  'dang dung',
  'tiem vac',
  'roi loan',
  'benh nhan',
  'nguoi benh',
  'khi kich',
]);
/** A word (as written) after which a contraindication's subject goes on to qualify it ("… tiến triển", "… nặng"). */
const QUALIFIER_WORDS = new Set([
  'tiến',
  'nặng',
  'cấp',
  'mạn',
  'đã',
  'đang',
  'có',
  'do',
  'sau',
  'kèm',
  'với',
  'khi',
  'ở',
  'dưới',
  'trên',
  'liên',
  'không',
  'chưa',
  'mức',
  'giai',
]);

/**
 * A comorbidity the user told in words the frame's list may not hold ("loét DD tiến triển" beside
 * "Loét dạ dày tá tràng tiến triển"): the head of a contraindication's subject (up to its first three
 * words, before any qualifier, never a population or a hypersensitivity) among the user's words may apply.
 * The condition asked is no contraindication of the drugs listed for it.
 */
function statedInWords(n: string, said: string, condition: string | null): 'maybe' | null {
  if (said.trim() === '' || COMEDICATION.test(n) || DENIES.test(n) || FORBIDDEN_USE.test(n)) return null;
  // a hypersensitivity clause names allergens, not states: the allergy review reads it
  if (HYPERSENSITIVITY.test(n)) return null;
  for (const s of subjects(n)) {
    // "Rối loạn chức năng tuyến giáp" names a family; "cường giáp", "Basedow" are members of it
    const subject = ` ${syllables(s).join(' ')} `;
    const family = STATE_FAMILIES.find(([names]) => names.some((f) => subject.includes(` ${f} `)));
    if (family && family[1].some((m) => said.includes(` ${m} `))) return 'maybe';
    // a pregnancy, breastfeeding, kidney or liver subject is held against the state and its scope above
    if ([TRIMESTER_SUBJECT, PREGNANCY_SUBJECT, LACTATION_SUBJECT, ORGAN_SUBJECT].some((re) => re.test(s))) continue;
    // qualifiers read as written: folded, "dạ" (dạ dày) would be "đã"
    // "Người bệnh có blốc nhĩ thất": the state is what the person has
    const written = s
      .replace(/^tiền sử\s+/u, '')
      .replace(/^(?:người bệnh|bệnh nhân|người|bệnh)\s+(?:có|bị|đang bị)\s+(?!thai)/u, '')
      .split(/\s+/u);
    const cut = written.findIndex((w, i) => i > 0 && QUALIFIER_WORDS.has(w));
    // up to three words: two alone are often a family ("suy tuyến" yên or giáp), three name the state
    const head = syllables((cut > 0 ? written.slice(0, cut) : written).join(' ')).slice(0, 3);
    if (head.length < 2 || NO_STATE_HEADS.has(head.slice(0, 2).join(' '))) continue;
    // a drug or a class of drugs ("thuốc giảm đau tác dụng trung ương, opioid" of a poisoning clause) is no
    // state of the patient, though the question asks a list by that class
    if (head[0] === 'thuoc' || startsWithDrugClass(s)) continue;
    const phrase = head.join(' ');
    if (condition && expandCondition(condition).some((v) => ` ${v} `.includes(` ${phrase} `))) continue;
    // "Đái tháo đường typ 1" for a patient said to have "ĐTĐ typ 2": another type of the state is not theirs
    const clauseType = / (?:typ|type|tuyp) (\d|i{1,2}) /.exec(subject)?.[1];
    const saidTypes = [...said.matchAll(new RegExp(` ${phrase} (?:(?:typ|type|tuyp) )?(\\d|i{1,2}) `, 'g'))].map(
      (m) => m[1],
    );
    if (clauseType && saidTypes.length && saidTypes.every((t) => t !== clauseType)) continue;
    // "Ko uống rượu": a state the user's words deny wherever they name it is not the patient's
    if (said.includes(` ${phrase} `) && !deniedEverywhere(said, phrase)) return 'maybe';
  }
  return null;
}

/** Every mention of the phrase in the (folded) words comes right after a denial ("ko uống rượu", "không có thai"). */
function deniedEverywhere(said: string, phrase: string): boolean {
  const at = [...said.matchAll(new RegExp(` ${phrase} `, 'g'))].map((m) => m.index);
  return (
    at.length > 0 &&
    at.every((i) => / (?:ko|k|khong|chua|chang|hong|khg) (?:co |bi |he |con )?$/.test(said.slice(0, i + 1)))
  );
}

/**
 * A pairing ("Dùng đồng thời với thuốc ức chế mạnh CYP3A4 (…, clarithromycin, …)") applies when the user's
 * words say the patient is on one of the drugs it names ("bn đang uống clarithromycin"). Drug names are read
 * as the clause writes them: words without diacritics of six letters or more.
 */
function takenWith(clause: string, said: string, own: { drug_id: string; drug_name: string }): 'yes' | 'maybe' | null {
  if (!COMEDICATION.test(normalize(clause))) return null;
  // the other drug of the pair: the clause's own drug ("ciprofloxacin ức chế CYP1A2 …"), taken now, is no pairing
  const self = new Set([own.drug_id, ...syllables(own.drug_name)].map((w) => w.toLowerCase()));
  const names = (clause.match(/[A-Za-z]{6,}/g) ?? []).map((w) => w.toLowerCase()).filter((w) => !self.has(w));
  // "đang dùng clarithromycin", "đang đtrị HP phác đồ có clarithromycin 500mg": on it now
  if (names.some((d) => new RegExp(` dang (?:[a-z0-9]+ ){0,6}${d} `).test(said))) return 'yes';
  // "Tôi có dùng sildenafil (Viagra) vài lần mỗi tháng", "vẫn uống …": uses it, maybe not now
  if (names.some((d) => new RegExp(` (?:co|van|thuong|hay) (?:dung|uong|xai) ${d} `).test(said))) return 'maybe';
  // a class the clause names by its acronym ("… thuốc ức chế monoamin oxidase (IMAO) … trong vòng 14 ngày"), said
  // of the patient's treatment now or just stopped ("đang uống thuốc chống trầm cảm loại IMAO, mới ngưng 1 tuần")
  const acronyms = (clause.match(/\b[A-Z]{3,}\b/g) ?? []).map((w) => w.toLowerCase());
  const onIt = (a: string) => new RegExp(` (?:dang|moi ngung|vua ngung|ngung) (?:[a-z0-9]+ ){0,6}${a} `).test(said);
  return acronyms.some(onIt) ? 'maybe' : null;
}

/** An exception that holds only when nothing else will do ("trừ … không có lựa chọn điều trị thay thế phù hợp"). */
const LAST_RESORT = /không có (?:lựa chọn|thuốc|biện pháp)[^.;]{0,40}thay thế/u;

/**
 * "Phụ nữ có thai, trừ trường hợp động kinh không có lựa chọn điều trị thay thế phù hợp": a contraindication whose
 * exception is the use asked only as a last resort — the clause as if the exception were not there (`maybe`). The list
 * path holds it against the drug when the list has another drug for the condition: then there is a choice.
 */
export function lastResortFor(
  parts: EvidencePart[],
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
): ContraFinding[] {
  if (!condition) return [];
  const out: ContraFinding[] = [];
  for (const part of parts.filter((x) => x.section === 'chong_chi_dinh'))
    for (const quote of clauses(part.text)) {
      const n = normalize(quote);
      if (!LAST_RESORT.test(n) || !exceptedFor(n, condition)) continue;
      if (clauseApplies(part.section, n, patient, severity, null)) out.push(finding(part, quote, 'maybe'));
    }
  return out;
}

/**
 * "Không nên dùng trong thời kỳ mang thai.", "Tránh dùng trong thời kỳ mang thai, chỉ dùng khi không có lựa chọn
 * khác.": a pregnancy section that says to avoid the drug for the whole pregnancy — not for a dose ("tránh dùng liều
 * cao"), a trimester ("không nên dùng … trong 3 tháng đầu") or a use the formulary excepts ("trừ khi thật cần thiết
 * (ví dụ cắt cơn co giật)" for seizures), nor one only "để thận trọng … chỉ dùng khi thật cần thiết" — is a last resort for a pregnant patient: kept off a list that has another
 * drug (`lastResortsOff`), quoted as the reason. A lactation section's "không khuyến cáo" is not read so (a caution
 * quoted with the list).
 */
export function avoidedInPregnancy(
  parts: EvidencePart[],
  patient: PatientContext,
  condition: string | null,
): ContraFinding[] {
  if (!patient.pregnant) return [];
  for (const part of parts.filter((x) => x.section === 'thoi_ky_mang_thai'))
    for (const quote of clauses(part.text)) {
      const n = normalize(quote);
      const m = AVOID_IN_PREGNANCY.exec(n);
      if (!m || n.slice(0, m.index).includes('liều') || DENIES.test(n)) continue;
      // "để thận trọng nên tránh dùng …, chỉ dùng khi thật cần thiết" (loratadin): a precaution any drug in pregnancy
      // carries — unless it is kept for when nothing else will do ("chỉ dùng khi không có lựa chọn khác")
      if (/thật cần thiết|để thận trọng/u.test(n) && !/không có (?:lựa chọn|thuốc)/u.test(n)) continue;
      if (condition && exceptedFor(n, condition)) continue;
      return [finding(part, quote, 'maybe')];
    }
  return [];
}

/**
 * What makes a candidate a last resort for this patient, from its contraindication and pregnancy parts: an exception
 * "trừ … không có lựa chọn thay thế" for the use asked (`lastResortFor`) and a pregnancy section that says to avoid it
 * (`avoidedInPregnancy`). `lastResortsOff` keeps such a drug off a list that has another.
 */
export function lastResortFindings(
  parts: EvidencePart[],
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
): ContraFinding[] {
  return [...lastResortFor(parts, patient, severity, condition), ...avoidedInPregnancy(parts, patient, condition)];
}
/** "(nên) tránh dùng [tên thuốc] trong thời kỳ mang thai / khi mang thai", "không nên dùng trong thời kỳ mang thai", or the verb closing the clause. */
const AVOID_IN_PREGNANCY =
  /(?:^|[\s,])(?:nên tránh dùng|tránh dùng|không nên dùng)(?:\s+[\p{L}]+){0,2}?\s*(?:(?:trong thời kỳ|khi|cho phụ nữ|cho người)\s+(?:đang\s+)?(?:mang thai|có thai)(?=[\s,.;:]|$)|(?=[.;]|$))/u;

/**
 * Of the drugs a list would name, those a last-resort clause keeps off — only when another drug of the list has none
 * (then there is an alternative): each with the clause that keeps it off.
 */
export function lastResortsOff(drugs: string[], lastResortOf: (drug: string) => ContraFinding[]): ContraFinding[] {
  const found = drugs.map((drug) => lastResortOf(drug));
  return found.some((f) => !f.length) ? found.flatMap((f) => f.slice(0, 1)) : [];
}

function exceptedFor(n: string, condition: string): boolean {
  const m = EXCEPT.exec(n);
  if (!m) return false;
  const lead = syllables(m[1]).slice(0, 2).join(' ');
  return (
    (lead.includes(' ') && ` ${syllables(condition).join(' ')} `.includes(` ${lead} `)) || namesUse(m[1], condition)
  );
}

/** Words that make a use an acute form of the condition ("cơn gút cấp", "đợt cấp"), folded. */
const ACUTE_FORM = ['con', 'cap', 'dot'];

/** The use names an acute form of the condition ("cơn gút cấp") that the condition asked does not say ("gút"). */
function narrowerForm(use: string, condition: string): boolean {
  const acute = (text: string) => syllables(text).some((w) => ACUTE_FORM.includes(w));
  return acute(use) && !acute(condition);
}

function namesUse(use: string, condition: string): boolean {
  return expandCondition(condition).some((v) => containsPhrase(use, v));
}

/** Sentences and semicolon clauses, verbatim. */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[.;])\s+/u)
    .map((c) => c.trim())
    .filter(Boolean);
}
