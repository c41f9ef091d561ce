import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AffInfo } from 'hunspell-reader';
import { foldText } from '@blog/shared/fold';

/**
 * Polish inflection from the Hunspell Polish dictionary (package `dictionary-pl`, the sjp.pl word
 * list): its .dic lists each lemma with the flags of the affix rules that build its forms, its .aff
 * those rules. hunspell-reader parses the .aff; this module applies the rules both ways:
 * - analysis: a typed word (diacritics optional) → the dictionary entries having it among their forms;
 * - generation: an entry → every form its flags build.
 * Expanding the whole dictionary up front (2.2 million forms, 95 s) was not worth it; a query has one
 * to a few words, each analysed in well under a millisecond. Everything is compared folded (lower
 * case, Polish letters without diacritics), as the database indexes the text.
 */

interface Rule {
  /** Letters the rule removes from the entry (a suffix for SFX, a prefix for PFX). */
  remove: string;
  /** Letters it attaches instead. */
  attach: string;
  /** The condition the entry's end (SFX) or start (PFX) must meet. */
  condition: RegExp;
  combinable: boolean;
}

interface Entry {
  word: string;
  flags: string;
}

export interface PolishDictionary {
  /** Every folded form of every entry whose forms include the folded word; [] for an unknown word. */
  forms(word: string): string[];
  /** The folded entries (lemmas) whose forms include the word. */
  lemmas(word: string): string[];
}

type RuleSet = Map<string, Rule[]>;

function rulesOf(fx: AffInfo['SFX']): RuleSet {
  const rules: RuleSet = new Map();
  for (const [flag, affix] of fx ?? []) {
    const list: Rule[] = [];
    for (const group of affix.substitutionsForRegExps) {
      for (const substitution of group.substitutions) {
        list.push({
          remove: substitution.remove === '0' ? '' : substitution.remove,
          attach: substitution.attach === '0' ? '' : substitution.attach,
          condition: group.match,
          combinable: affix.combinable,
        });
      }
    }
    rules.set(flag, list);
  }
  return rules;
}

function applySuffix(word: string, rule: Rule): string | null {
  if (!rule.condition.test(word) || !word.endsWith(rule.remove)) return null;
  return word.slice(0, word.length - rule.remove.length) + rule.attach;
}

function applyPrefix(word: string, rule: Rule): string | null {
  if (!rule.condition.test(word) || !word.startsWith(rule.remove)) return null;
  return rule.attach + word.slice(rule.remove.length);
}

/** Every form of one entry: itself, each suffix, each prefix, and prefix + suffix where both combine. */
function generate(entry: Entry, suffixes: RuleSet, prefixes: RuleSet): string[] {
  const forms = new Set([entry.word]);
  const suffixed: { form: string; combinable: boolean }[] = [];
  for (const flag of entry.flags) {
    for (const rule of suffixes.get(flag) ?? []) {
      const form = applySuffix(entry.word, rule);
      if (form === null) continue;
      forms.add(form);
      suffixed.push({ form, combinable: rule.combinable });
    }
  }
  for (const flag of entry.flags) {
    for (const rule of prefixes.get(flag) ?? []) {
      const form = applyPrefix(entry.word, rule);
      if (form === null) continue;
      forms.add(form);
      if (!rule.combinable) continue;
      for (const other of suffixed)
        if (other.combinable) forms.add(rule.attach + other.form.slice(rule.remove.length));
    }
  }
  return [...forms];
}

/** The dictionary from the parsed .aff (hunspell-reader's parseAff) and the .dic's text. */
/** Words whose forms are kept (a few kB each). */
const FORMS_MEMO_SIZE = 1_000;

export function buildPolishDictionary(info: AffInfo, dic: string): PolishDictionary {
  const suffixes = rulesOf(info.SFX);
  const prefixes = rulesOf(info.PFX);
  // Entries by folded word: analysis strips a folded ending and looks the folded stem up here. Each
  // is kept as its .dic line (`word/flags`, several joined by a line break) and read when looked up:
  // 300,000 small objects cost three times the memory of their lines.
  const entries = new Map<string, string>();
  const lines = dic.split('\n');
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (!line) continue;
    const slash = line.indexOf('/');
    const key = foldText(slash < 0 ? line : line.slice(0, slash));
    const existing = entries.get(key);
    entries.set(key, existing === undefined ? line : `${existing}\n${line}`);
  }
  // Entry objects of the lines looked up lately (an entry is then one object within an analysis);
  // bounded, so a long-running process does not grow back to the whole dictionary.
  const parsed = new Map<string, Entry[]>();
  const PARSED_KEPT = 5_000;
  const lookup = (key: string): Entry[] => {
    const cached = parsed.get(key);
    if (cached) return cached;
    const found = entries.get(key);
    if (found === undefined) return [];
    const list = found.split('\n').map((line) => {
      const slash = line.indexOf('/');
      return slash < 0
        ? { word: line, flags: '' }
        : { word: line.slice(0, slash), flags: line.slice(slash + 1) };
    });
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(key, list);
    return list;
  };
  // Suffix rules by their folded attached letters, so a word is tried only against endings it has.
  interface Reverse {
    flag: string;
    rule: Rule;
    attach: string;
    remove: string;
  }
  const byAttach = new Map<string, Reverse[]>();
  for (const [flag, list] of suffixes) {
    for (const rule of list) {
      const attach = foldText(rule.attach);
      const bucket = byAttach.get(attach) ?? [];
      bucket.push({ flag, rule, attach, remove: foldText(rule.remove) });
      byAttach.set(attach, bucket);
    }
  }
  const prefixRules = [...prefixes].flatMap(([flag, list]) =>
    list.map((rule) => ({ flag, rule, attach: foldText(rule.attach), remove: foldText(rule.remove) })),
  );
  const maxAttach = Math.max(0, ...[...byAttach.keys()].map((attach) => attach.length));

  /** Entries that produce `folded` with a suffix (or none), checked by generating the real form. */
  const analyseSuffix = (folded: string, prefix: { flag: string; rule: Rule } | null): Entry[] => {
    const found: Entry[] = [];
    const accept = (entry: Entry) => {
      if (prefix && !entry.flags.includes(prefix.flag)) return;
      if (!found.includes(entry)) found.push(entry);
    };
    for (const entry of lookup(folded)) if (!prefix) accept(entry);
    for (let length = 0; length <= Math.min(maxAttach, folded.length - 1); length++) {
      const ending = folded.slice(folded.length - length);
      for (const reverse of byAttach.get(ending) ?? []) {
        if (prefix && !(reverse.rule.combinable && prefix.rule.combinable)) continue;
        const stem = folded.slice(0, folded.length - length) + reverse.remove;
        for (const entry of lookup(stem)) {
          if (!entry.flags.includes(reverse.flag)) continue;
          const form = applySuffix(entry.word, reverse.rule);
          if (form !== null && foldText(form) === folded) accept(entry);
        }
      }
    }
    return found;
  };

  const analyse = (word: string): Entry[] => {
    const folded = foldText(word);
    const found = analyseSuffix(folded, null);
    for (const prefix of prefixRules) {
      if (!prefix.attach || !folded.startsWith(prefix.attach)) continue;
      const rest = prefix.remove + folded.slice(prefix.attach.length);
      for (const entry of analyseSuffix(rest, prefix)) if (!found.includes(entry)) found.push(entry);
    }
    return found;
  };

  // Readers repeat the same words: a word's forms are generated once (about 0.5 ms for „praca”'s 60)
  // and kept for the last FORMS_MEMO_SIZE words asked (a Map keeps insertion order; the oldest goes).
  const memo = new Map<string, readonly string[]>();
  return {
    forms(word) {
      let known = memo.get(word);
      if (!known) {
        const forms = new Set<string>();
        for (const entry of analyse(word))
          for (const form of generate(entry, suffixes, prefixes)) forms.add(foldText(form));
        known = [...forms];
        if (memo.size >= FORMS_MEMO_SIZE) memo.delete(memo.keys().next().value!);
        memo.set(word, known);
      }
      return [...known];
    },
    lemmas(word) {
      return [...new Set(analyse(word).map((entry) => foldText(entry.word)))];
    },
  };
}

const require = createRequire(import.meta.url);

/** The dictionary of the `dictionary-pl` package, read once per process on first use. */
let loading: Promise<PolishDictionary> | undefined;
export function loadPolishDictionary(): Promise<PolishDictionary> {
  loading ??= (async () => {
    // The package's own entry reads both files with a top-level await; its folder is read directly.
    const folder = path.dirname(require.resolve('dictionary-pl'));
    const [aff, dic] = await Promise.all([
      readFile(path.join(folder, 'index.aff'), 'utf8'),
      readFile(path.join(folder, 'index.dic'), 'utf8'),
    ]);
    // hunspell-reader is an ES module only: imported, not required, from the CommonJS server bundle.
    const { parseAff } = await import('hunspell-reader');
    return buildPolishDictionary(parseAff(aff), dic);
  })();
  return loading;
}
