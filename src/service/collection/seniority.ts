import type { SeniorityLevel } from '../../contract/posts.js';

/**
 * Author seniority from the free-text headline, into the fixed set of contract/posts.ts. The first
 * rule whose words appear wins, so the order is the point: "Senior Director" is a director, "Vice
 * President" is a vp (not a cxo), "Founder & CEO" is an owner, "Marketing Intern" an intern.
 * A headline is read as its roles ("Founder | Advisor · Speaker"), each without its " at <company>"
 * part, so an engineer "at Chief Inc" is not taken for a cxo.
 */
const RULES: [Exclude<SeniorityLevel, 'unknown'>, RegExp][] = [
  ['owner', /\b(co-?founder|founder|owner|proprietor|managing partner|founding partner)\b/],
  ['vp', /\b(vp|svp|evp|avp|vice[- ]president)\b/],
  [
    'cxo',
    /\b(ceo|cto|cfo|coo|cmo|cio|ciso|cpo|cro|cdo|chief|president|managing director|general manager)\b/,
  ],
  ['director', /\b(director|head of)\b/],
  ['manager', /\b(manager|mgr|team lead|supervisor)\b/],
  ['intern', /\b(intern|internship|apprentice|working student|werkstudent)\b/],
  ['senior', /\b(senior|sr\.?|principal|staff|lead|expert)\b/],
  ['entry', /\b(junior|jr\.?|entry[- ]level|graduate|trainee|assistant|associate|student)\b/],
];

export function classifySeniority(headline: string | null | undefined): SeniorityLevel {
  if (!headline) return 'unknown';
  const roles = headline
    .toLowerCase()
    .split(/[|·•,;/]|\s[-–—]\s/)
    .map((role) => role.split(/\s(?:at|@)\s|@/)[0]!.trim())
    .filter(Boolean);
  for (const [level, re] of RULES) if (roles.some((role) => re.test(role))) return level;
  return 'unknown';
}
