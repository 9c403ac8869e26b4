import type { EvidencePart } from '@app/contracts';
import { fold, normalize, syllables } from './normalize';
import { expandShorthand } from './shorthand';
import { PhraseSet, words, type Word } from './words';

/**
 * Dosing entries of one drug often differ only by what they treat: "Người lớn, tiêm dưới da —
 * điều trị huyết khối tĩnh mạch sâu" beside "— dự phòng huyết khối tĩnh mạch sâu", "uống (bệnh gút)"
 * beside "uống (dự phòng tăng acid uric máu khi điều trị bệnh ác tính)". When the user's words name
 * what some entries treat, the entries for other indications are not the answer: quoting them
 * gives a dose for a different indication, and their routes make a route question out of one the
 * user already answered ("nôn sau mổ, TM" has one intravenous entry).
 *
 * Kept deliberately narrow, because a wrong narrowing hides the right dose:
 * - only an entry's specific words count ("gút", "dự phòng", "phẫu thuật"), never words any
 *   patient says ("đau", "sốt", "viêm", "điều trị"), so an entry "(đau, sốt)" is never chosen
 *   or dropped by them;
 * - first the entries sharing any word with the turn are kept; then, among those, the entries
 *   whose own distinctive words the turn says, if any ("dự phòng" of two thrombosis entries);
 * - a turn naming words of two indications keeps both (the reply quotes each with its
 *   indication), and entries with no indication words (general notes, renal adjustments,
 *   "theo cân nặng" regimens) are never dropped.
 * decide() further refuses a narrowing that would settle a route the user never gave.
 */
export function narrowToIndication(pool: EvidencePart[], said: string, context = ''): EvidencePart[] {
  return treatmentNotProphylaxis(narrowBySaid(pool, said), said, context);
}

/**
 * "dexamethason phù não liều sao": the entries whose indication the user's own words name, when they are all of one
 * route — with the parts that hold for every route. The indication said picks the entry, and so its route: the
 * usual regimens of other routes ("Người lớn, uống: liều thay đổi tùy bệnh") are no route left to ask. Null when
 * the words name no entry, or entries of several routes.
 */
export function entriesOfIndicationSaid(pool: EvidencePart[], said: string): EvidencePart[] | null {
  const own = userWordsOf(said);
  const narrowed = narrowBySaid(pool, own);
  if (narrowed === pool) return null;
  const entries = narrowed.filter(
    (p) => p.section === 'lieu_luong_cach_dung' && p.route !== null && indicationTerms(p.text).length > 0,
  );
  const routes = new Set(entries.map((p) => p.route));
  if (routes.size !== 1) return null;
  // … named by two words in a row as the entry's lead writes them ("phù não", "dự phòng"), never by one shared word
  // ("rung" of "rung nhĩ" and "rung thất")
  const user = syllables(own);
  const whole = (p: EvidencePart) => {
    const lead = ` ${syllables(p.text.slice(0, p.text.indexOf(':'))).join(' ')} `;
    const terms = new Set(indicationTerms(p.text).flatMap((t) => syllables(t)));
    return user.some(
      (w, i) => i + 1 < user.length && terms.has(w) && terms.has(user[i + 1]) && lead.includes(` ${w} ${user[i + 1]} `),
    );
  };
  if (!entries.every(whole)) return null;
  return pool.filter((p) => entries.includes(p) || p.route === null);
}

/**
 * "INR 6,2, ko chảy máu, xử trí sao": of the overdose parts, one whose lead is about a state the user denies ("Xử trí
 * chảy máu nặng: …") is not this patient's — while another part is left (one that says the state is absent, "… không
 * chảy máu", stays). A state is denied as two words right after "không/ko/chưa (có)" in the user's own words.
 */
export function withoutDeniedStates(pool: EvidencePart[], said: string): EvidencePart[] {
  // within a clause ("có sao ko, có thuốc giải ko": the first "ko" closes a question), and not itself asked ("… ko")
  const denied = expandShorthand(said)
    .split(/[,.;:!?\n]+/u)
    .flatMap((c) => [
      ...` ${syllables(c).join(' ')} `.matchAll(
        / (?:khong|ko|k|chua) (?:co |bi )?([a-z]+ [a-z]+) (?!(?:khong|ko|k|chua|hong)(?: |$))/g,
      ),
    ])
    .map((m) => m[1]);
  if (!denied.length) return pool;
  const aboutDenied = (p: EvidencePart) => {
    if (p.section !== 'qua_lieu_va_xu_tri') return false;
    const t = ` ${syllables(p.text).join(' ')} `;
    return denied.some((d) => {
      const at = [...t.matchAll(new RegExp(` ${d} `, 'g'))].map((m) => m.index);
      return at.length > 0 && at.every((i) => !/ (?:khong|chua) $/.test(t.slice(0, i + 1)));
    });
  };
  const kept = pool.filter((p) => !aboutDenied(p));
  return kept.length && kept.length < pool.length ? kept : pool;
}

/** What an entry is for, not what it treats: "dự phòng", "điều trị". */
const PURPOSE_TERMS = new Set(['dự', 'phòng', 'dự phòng', 'phòng huyết', 'điều', 'trị', 'điều trị']);

/** A treatment asked in words no entry's indication holds: "liều điều trị", "cắt cơn", an acute illness ("gút cấp"). */
const TREATMENT_SAID = new PhraseSet([
  'liều điều trị',
  'cắt cơn',
  'đang lên cơn',
  'lên cơn',
  'trong cơn',
  'cấp',
  'cấp tính',
]);
const PROPHYLAXIS_SAID = new PhraseSet(['dự phòng', 'phòng ngừa', 'ngừa', 'phòng cơn', 'phòng huyết khối']);

/**
 * "heparin TDD liều điều trị bn?", "colchicin ngày đầu …" after "thuốc nào cắt cơn": the user asks a
 * treatment, so an entry for prevention ("— dự phòng huyết khối …", "(dự phòng cơn gút …)") is not the
 * answer — when an entry that is not for prevention remains. Without such words both stay (each quoted
 * with its indication): prevention and treatment doses are never chosen between silently. The
 * conversation's earlier words count ("cắt cơn" said the turn before).
 */
function treatmentNotProphylaxis(pool: EvidencePart[], said: string, context: string): EvidencePart[] {
  // the conversation's earlier words are the user's own, read as typed
  const user = [...saidWords(said, false), ...words(expandShorthand(context))];
  const prevention = (p: EvidencePart) => {
    const t = indicationTerms(p.text);
    return t.includes('dự') && t.includes('phòng');
  };
  if (PROPHYLAXIS_SAID.has(user)) return pool;
  if (TREATMENT_SAID.has(user)) {
    const dosing = pool.filter((p) => p.section === 'lieu_luong_cach_dung' && indicationTerms(p.text).length);
    if (!dosing.some(prevention) || dosing.every(prevention)) return pool;
    return pool.filter((p) => !prevention(p));
  }
  // "cefa uống liều bn" after a list for "viêm bàng quang" (the query's label carries the condition): a disease the
  // conversation asked for is treated — an entry that prevents something else ("dự phòng tái phát nhiễm khuẩn đường
  // tiết niệu") is not its dose, one that names it ("dự phòng hoặc điều trị buồn nôn, nôn sau phẫu thuật") still is
  const asked = syllables(CONDITION_LABEL.exec(said)?.[1] ?? '').join(' ');
  if (!asked || PROPHYLAXIS_SAID.has(words(asked))) return pool;
  const elsewhere = (p: EvidencePart) => prevention(p) && !` ${syllables(p.text).join(' ')} `.includes(` ${asked} `);
  // the regimens: entries for an indication, and the usual regimen that names none ("Người lớn, uống: …")
  const regimens = pool.filter(
    (p) => p.section === 'lieu_luong_cach_dung' && (indicationTerms(p.text).length > 0 || REGIMEN_LEAD.test(p.text)),
  );
  if (regimens.some(elsewhere) && !regimens.every(elsewhere)) return pool.filter((p) => !elsewhere(p));
  return forOtherIndication(pool, regimens, asked);
}

/** A lead that says whose dose it is by the patient's state, not by what it treats. */
const PATIENT_STATE_LEAD =
  /suy thận|suy gan|xơ gan|thanh thải|lọc máu|thẩm phân|cao tuổi|\d\s*kg|mang thai|cho con bú/iu;
/** Is the entry's lead (before its first colon) the patient's state ("Người lớn suy thận nặng: …")? */
const forPatientState = (p: EvidencePart) => PATIENT_STATE_LEAD.test(p.text.slice(0, Math.max(0, p.text.indexOf(':'))));

/** Words of a disease's name that say little on their own (folded): they never tie an entry to a condition. */
const GENERIC_SYLLABLES = new Set(
  'viem nhiem khuan trung benh do cap man tinh nang nhe vua hoac va co khong bien chung dieu tri du phong nguoi lon tre em'.split(
    ' ',
  ),
);

/**
 * "azithro uống liều ntn cho bn này" after a list for "viêm họng do liên cầu": an entry for another indication
 * ("Người lớn, uống (viêm niệu đạo … do Chlamydia trachomatis): liều duy nhất 1 g") is not this patient's dose, beside the
 * usual regimen of its route that names none — which stays. An entry whose indication the condition names stays.
 */
function forOtherIndication(pool: EvidencePart[], regimens: EvidencePart[], asked: string): EvidencePart[] {
  const condition = new Set(syllables(asked).filter((w) => !GENERIC_SYLLABLES.has(w)));
  const other = (p: EvidencePart) => {
    const terms = indicationTerms(p.text);
    // (a disease is named by a phrase: single words of a lead are often how it is dosed — "cách nhau")
    if (!terms.some((t) => t.includes(' ')) || p.route === null) return false;
    // an entry for the patient's state ("suy thận nặng", "người cao tuổi", "dưới 30 kg") is no indication of its own
    if (forPatientState(p)) return false;
    // any word of what the entry treats that the condition says too ("hạ sốt" for "sốt") keeps it
    if (terms.some((t) => syllables(t).some((w) => condition.has(w)))) return false;
    return regimens.some(
      (q) =>
        q !== p &&
        q.route === p.route &&
        q.population.some((x) => p.population.includes(x)) &&
        indicationTerms(q.text).length === 0,
    );
  };
  const others = regimens.filter(other);
  return others.length ? pool.filter((p) => !others.includes(p)) : pool;
}

function narrowBySaid(pool: EvidencePart[], said: string): EvidencePart[] {
  const own = new Map(
    pool.filter((p) => p.section === 'lieu_luong_cach_dung').map((p) => [p, indicationTerms(p.text)] as const),
  );
  // (a lone syllable of how a lead is worded — "hạ" of "thuốc hạ acid uric", "bắt" of "bắt đầu" — names no indication a
  // user says: "ha?" is a puzzled reply, not "hạ")
  const meaningful = (terms: string[]) => terms.filter((t) => t.includes(' ') || !LEAD_WORDING.has(fold(t)));
  const entries = [...own.keys()].filter((p) => own.get(p)!.length > 0);
  if (!entries.length || !said.trim()) return pool;
  const user = saidWords(said);
  // "viêm niệu đạo do chlamydia, azitromycin uống liều bn": the one entry whose disease the user names (by a phrase of
  // it) is the dose, not the usual regimen of the same route and patients beside it
  if (entries.length === 1) {
    const [entry] = entries;
    const phrases = own.get(entry)!.filter((t) => t.includes(' '));
    if (!phrases.length || !new PhraseSet(phrases).has(user)) return pool;
    // (an entry that prevents the disease named is its dose only when prevention is asked)
    const terms = own.get(entry)!;
    if (terms.includes('dự') && terms.includes('phòng') && !PROPHYLAXIS_SAID.has(user)) return pool;
    const usual = (p: EvidencePart) =>
      p !== entry &&
      own.has(p) &&
      own.get(p)!.length === 0 &&
      REGIMEN_LEAD.test(p.text) &&
      !forPatientState(p) &&
      p.route === entry.route &&
      p.population.some((x) => entry.population.includes(x));
    return pool.filter((p) => !usual(p));
  }
  // a term is said as typed: a word with its marks says only itself
  const named = (p: EvidencePart, terms: string[] = own.get(p)!) => new PhraseSet(meaningful(terms)).has(user);
  const matched = entries.filter((p) => named(p));
  if (!matched.length) return pool;
  // among the matched entries, an indication's distinctive words: those no other matched indication has
  const key = (p: EvidencePart) => own.get(p)!.map(fold).sort().join(' ');
  const distinctive = (p: EvidencePart) => {
    const others = new Set(matched.filter((q) => key(q) !== key(p)).flatMap((q) => own.get(q)!.map(fold)));
    return own.get(p)!.filter((w) => !others.has(fold(w)));
  };
  const sharp = matched.filter((p) => named(p, distinctive(p)));
  // what it treats outranks what for: "hóa trị … phòng nôn" is the chemotherapy entry, not the
  // post-operative one that "phòng" also names ("dự phòng buồn nôn, nôn sau phẫu thuật")
  const byDisease = sharp.filter((p) =>
    named(
      p,
      distinctive(p).filter((w) => !PURPOSE_TERMS.has(w)),
    ),
  );
  const keep = byDisease.length ? byDisease : sharp.length ? sharp : matched;
  return keep.length === entries.length ? pool : pool.filter((p) => !entries.includes(p) || keep.includes(p));
}

/** Single syllables of a lead's wording, folded, that say nothing of what an entry treats. */
const LEAD_WORDING = new Set(['ha', 'bat', 'thuoc', 'xem', 'phan', 'tuong', 'tac', 'cach', 'nhau', 'tro', 'khi']);

/** The condition label synthesizeQuery writes (". Chỉ định/triệu chứng: viêm bàng quang."). */
const CONDITION_LABEL = /\.\s+Chỉ định\/triệu chứng:\s*([^.]*)/u;

/** Where the labels synthesizeQuery writes after the user's words begin (". Đối tượng: …", ". Đường dùng: …"). */
const SYNTHESIZED_LABEL =
  /\.\s+(?:Đối tượng|Tuổi|Cân nặng|Đường dùng|Chỉ định\/triệu chứng|Bệnh nền|Dữ kiện thận|Dữ kiện gan|Người bệnh đang (?:mang thai|cho con bú))\b/u;

/** What the user said of a query: the words before the labels synthesizeQuery adds. */
export function userWordsOf(said: string): string {
  const at = said.search(SYNTHESIZED_LABEL);
  return at < 0 ? said : said.slice(0, at);
}

/**
 * The words of what was said: the user's own read as they typed them (a turn typed without marks keeps "du phong" as
 * "dự phòng"), the labels the query adds after them read as written — so the labels' marks never make the user's
 * unmarked words count as typed with marks.
 */
function saidWords(said: string, formal = true): Word[] {
  const own = userWordsOf(said);
  const labels = said.slice(own.length + 1);
  const read = (t: string, written: boolean) =>
    words(formal ? everydayToFormal(expandShorthand(t)) : expandShorthand(t), written);
  return [...read(own, false), ...(labels ? read(labels, true) : [])];
}

/** Everyday words for what an entry treats, and the formulary's word for it ("mổ" → "phẫu thuật"). */
const EVERYDAY: [string, string][] = [
  ['mổ', 'phẫu thuật'],
  ['sau mổ', 'phẫu thuật'],
  ['hậu phẫu', 'phẫu thuật'],
  ['gout', 'gút'],
  ['thống phong', 'gút'],
  ['phòng ngừa', 'dự phòng'],
  ['ngừa', 'dự phòng'],
  ['chữa', 'điều trị'],
  ['ung thư', 'bệnh ác tính'],
  ['hoá chất', 'hóa trị'],
  ['truyền hóa chất', 'hóa trị'],
  ['chạy tia', 'xạ trị'],
];
const EVERYDAY_SET = new PhraseSet(EVERYDAY.map(([e]) => e));
const FORMAL = new Map(EVERYDAY.map(([e, f]) => [normalize(e), f]));

export function everydayToFormal(text: string): string {
  const formal = EVERYDAY_SET.find(words(text)).map((h) => FORMAL.get(h.phrase)!);
  return [text, ...new Set(formal)].join('. ');
}

/**
 * What an entry treats, as terms: the words of its lead (before its first colon) in the
 * parenthesised, dash-led or "trong …" indication, without population, route and dosing-basis
 * words. A word common across indications ("máu", "huyết", "khối", "tim") is a term only with
 * its neighbour ("huyết khối", "acid uric"); a specific one ("gút", "dự phòng", "phẫu thuật")
 * is a term alone.
 */
export function indicationTerms(text: string): string[] {
  const colon = text.indexOf(':');
  if (colon < 0 || colon > 240) return [];
  const lead = text.slice(0, colon);
  // a regimen names its patients first; a general note ("Uống thuốc sau bữa ăn … (hội chứng mạch vành cấp)") is no entry for one indication
  if (!REGIMEN_LEAD.test(lead)) return [];
  // "Người lớn, uống, phù", "Người lớn, uống, rối loạn lipid máu": what follows the route piece is what it treats
  const commaPieces = lead
    .replace(/\([^)]*\)/gu, ' ')
    .split(',')
    .map((x) => x.trim());
  const routeAt = commaPieces.findIndex((x, i) => i > 0 && ROUTE_PIECE.test(x));
  const spans = [
    ...[...lead.matchAll(/\(([^)]*)\)/gu)].map((m) => m[1]),
    ...[...lead.matchAll(/\s[—–-]\s(.*)$/gu)].map((m) => m[1].replace(/\([^)]*\)/gu, ' ')),
    ...[...lead.matchAll(/\strong\s(?:điều trị\s)?(.*)$/gu)].map((m) => m[1].replace(/\([^)]*\)/gu, ' ')),
  ];
  const out = new Set<string>();
  // … as whole names: a word of them alone ("dị" of "dị hợp tử", "cố" of "biến cố") names nothing a user says
  // ("tăng huyết áp và đau thắt ngực" names two; "dạng giải phóng nhanh" is a form, no indication)
  const names = (routeAt > 0 ? commaPieces.slice(routeAt + 1) : []).flatMap((x) => x.split(/\s+(?:và|hoặc)\s+/u));
  for (const name of names) {
    const ws = words(name, true).map((w) => w.text);
    // a form, a dosing basis or a timing ("tính theo cân nặng", "bắt đầu 12 giờ sau liều tĩnh mạch") is no indication
    if (!ws.length || ws[0] === 'dạng' || NOT_AN_INDICATION.test(ws.join(' '))) continue;
    out.add(ws.join(' '));
    // "tăng huyết áp" is also said "huyết áp"; "dự phòng biến cố tim mạch" is what "dự phòng" asks
    let k = 0;
    while (k < ws.length - 1 && GENERIC.has(ws[k])) k++;
    const rest = ws.slice(k);
    if (k > 0 && (rest.length > 1 || !COMMON.has(rest[0]))) out.add(rest.join(' '));
    if (ws[0] === 'dự' && ws[1] === 'phòng') out.add('dự phòng');
    // "cổ trướng do xơ gan" is what "cổ trướng" asks: the condition before its cause
    const cause = ws.indexOf('do');
    if (cause > 0) out.add(ws.slice(0, cause).join(' '));
  }
  for (const span of spans) {
    const ws = words(span, true).map((w) => (/\d/.test(w.folded) || GENERIC.has(w.text) ? null : w.text));
    ws.forEach((w, i) => {
      if (w && !COMMON.has(w)) out.add(w);
      const next = ws[i + 1];
      if (w && next && (COMMON.has(w) || COMMON.has(next))) out.add(`${w} ${next}`);
    });
  }
  return [...out];
}

const REGIMEN_LEAD = /^(người|trẻ|sơ sinh|thiếu niên|phụ nữ)/iu;
/** Words of a lead's piece that say how or when it is given, not what it treats. */
const NOT_AN_INDICATION = /\d|(?:^|\s)(?:theo|tính|liều|bắt đầu|giờ|lần|ngày|dạng|sau khi|trước khi)(?:\s|$)/u;

/** A piece of a lead that is only the route ("uống", "tiêm tĩnh mạch", "truyền tĩnh mạch hoặc tiêm bắp"). */
const ROUTE_PIECE =
  /^(?:(?:uống|tiêm|truyền|đặt|ngậm|hít|khí dung|xịt|bôi|nhỏ)(?:\s+(?:tĩnh mạch|bắp|dưới da|trực tràng|dưới lưỡi|chậm|hoặc|và|tiêm|truyền|uống))*)$/iu;

/** Words every kind of entry uses (who, how, how much) and words any patient says: never what one entry treats. */
const GENERIC = new Set(
  [
    'người lớn trẻ em sơ sinh cao tuổi bệnh nhân người bệnh tuổi tháng ngày tuần năm từ đến dưới trên',
    'theo cân nặng lứa nhóm liều cao thấp thường dùng dạng khi và hoặc có không do của các cho với trong',
    'uống tiêm truyền tĩnh mạch bắp dưới da ngậm lưỡi đặt trực tràng hít xịt khí dung bôi nhỏ mắt đường',
    'lần mỗi giờ kg mg tối đa đa khởi đầu duy trì một hai chỉ trường hợp đặc biệt đã nêu được tốt nhất qua',
    'giải phóng ngay kéo dài hỗn dịch viên bao sau là nếu cần gấp hay bị thì ở',
    // the labels synthesizeQuery writes
    'đối tượng định triệu chứng dữ kiện nền đang',
    // what any patient says: too common to choose a regimen by, even beside another word
    'đau sốt viêm nhiễm khuẩn trùng cấp mạn tính nặng nhẹ vừa bệnh hội chứng rối loạn tăng giảm suy điều trị cơn kèm gây',
  ]
    .join(' ')
    .split(' ')
    .map(normalize),
);

/** Words many indications share: a term only beside a neighbour ("huyết khối", "thiếu máu não"). */
const COMMON = new Set(
  [
    'máu huyết khối tim não gan thận phổi cơ xương khớp tai mũi họng dạ dày ruột bụng ngực đầu tiểu tiện',
    'áp nhịp thở hô hấp thần kinh tế bào u cục bộ thể toàn thân chân tay lưng răng miệng nước tiết niệu',
    'acid thiếu lên xuống mới cũ chậm nhanh mạnh yếu lớn nhỏ trái phải sâu',
  ]
    .join(' ')
    .split(' ')
    .map(normalize),
);
