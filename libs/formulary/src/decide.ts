import type { EvidencePart, QueryFrame, RetrievalResult, Route } from '@app/contracts';
import { containsPhrase } from './normalize';

export interface DrugNames {
  /** drug id -> name and aliases */
  namesOf(drugId: string): string[];
}

/** Does this part name the drug (by id link, name or alias, diacritics folded)? */
export function mentionsDrug(part: EvidencePart, drugId: string, names: DrugNames): boolean {
  if (part.interacts_with.includes(drugId)) return true;
  return names.namesOf(drugId).some((n) => containsPhrase(part.text, n));
}

/**
 * The retrieval decision over a pool of parts:
 * - INSUFFICIENT: nothing usable;
 * - AMBIGUOUS_ROUTE: several route-specific regimens apply and no route was given;
 * - VERIFY_PDF: usable, but a quarantined (unverified) part is among them;
 * - ANSWERABLE: usable as is.
 * Dosing pools are narrowed to the frame's population and route first.
 */
export function decide(
  parts: EvidencePart[],
  frame: QueryFrame,
  names: DrugNames,
  requireMentionOf: string[] = [],
): RetrievalResult {
  let pool = parts;

  if (requireMentionOf.length) {
    // Interaction pools: a part must name one of the other drugs; an unverified table is
    // kept with it (its notice must not be dropped), never used as evidence by itself of a pair.
    const mentioning = pool.filter(
      (p) => p.quarantined_page === null && requireMentionOf.some((d) => d !== p.drug_id && mentionsDrug(p, d, names)),
    );
    const tables = pool.filter((p) => p.quarantined_page !== null);
    pool = mentioning.length ? [...mentioning, ...tables] : [];
  }

  const dosing = pool.filter((p) => p.section === 'lieu_luong_cach_dung');
  if (dosing.length && dosing.length === pool.length) {
    if (frame.population) {
      const forPopulation = pool.filter((p) => p.population.length === 0 || p.population.includes(frame.population!));
      // Keep general notes only if a regimen for the population exists.
      pool = forPopulation.some((p) => p.population.length > 0 || p.route !== null) ? forPopulation : [];
    }
    if (frame.route) {
      const forRoute = pool.filter((p) => p.route === frame.route);
      // A part with no route applies whatever the route: general notes, and entries such as
      // "Người lớn suy thận: … uống …; truyền tĩnh mạch …" that adjust every route's dose.
      // Dropping those once the user picks a route would answer a renal patient with the usual dose.
      pool = forRoute.length ? [...forRoute, ...pool.filter((p) => p.route === null)] : [];
    } else {
      const routes = distinctRoutes(pool);
      if (routes.length > 1) return { decision: 'AMBIGUOUS_ROUTE', parts: pool, routes };
    }
  }

  if (pool.length === 0) return { decision: 'INSUFFICIENT', parts: [], routes: [] };
  const decision = pool.some((p) => p.quarantined_page !== null) ? 'VERIFY_PDF' : 'ANSWERABLE';
  return { decision, parts: pool, routes: distinctRoutes(pool) };
}

function distinctRoutes(parts: EvidencePart[]): Route[] {
  const out: Route[] = [];
  for (const p of parts) if (p.route && !out.includes(p.route)) out.push(p.route);
  return out;
}
