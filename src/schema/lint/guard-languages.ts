/**
 * "Ignore the previous instructions" in other languages: the description guard's override
 * rule for text that is not English. No data set of translated injections ships in a
 * package this project can install, so this is a table, one row per language, written
 * from each language's grammar: a verb of ignoring or forgetting (imperative, formal and
 * infinitive forms), then, within a few words, a noun for instructions, rules, prompts or
 * orders — or the noun first where the language puts the object before the verb (ja, ko,
 * tr, hi). test/security/description-guard-normalise.test.ts holds a sentence per language and an
 * honest near miss ("ignore hidden files").
 *
 * Matched on the NFKC, lower-cased text (the look-alike folding would turn Cyrillic or
 * Greek words into Latin nonsense).
 */

interface LanguageRow {
  lang: string;
  verbs: string;
  nouns: string;
  /** "verb-noun" (verb first, as in English) or "noun-verb". */
  order: "verb-noun" | "noun-verb";
  /** Characters allowed between verb and noun (default 40). */
  gap?: number;
}

const ROWS: LanguageRow[] = [
  { lang: "es", verbs: "ignora|ignore (?:todas )?(?:las|los)|ignorad|ignoren|ignorar|olvida|olvide|olvidad|olviden|olvidar|omite|omita|descarta|descarte", nouns: "instrucci[oó]n(?:es)?|indicaciones|reglas|[oó]rdenes|directrices|normas", order: "verb-noun" },
  { lang: "pt", verbs: "ignore (?:todas )?(?:as|os)|ignora|ignorar|ignorem|esque[cç]a|esque[cç]am|esquecer|desconsidere|desconsiderar|despreze", nouns: "instru[cç](?:[oõ]es|[aã]o)|regras|ordens|orienta[cç][oõ]es|diretrizes", order: "verb-noun" },
  { lang: "fr", verbs: "ignorez|ignorer|ignore (?:toutes )?(?:les|la|le|vos|tes)|oublie[rz]?|n[eé]glige[rz]?|fais abstraction de|faites abstraction de", nouns: "instructions?|consignes?|r[eè]gles|directives|ordres|indications", order: "verb-noun" },
  { lang: "it", verbs: "ignora|ignorate|ignori|ignorare|dimentica|dimenticate|dimentichi|dimenticare|trascura", nouns: "istruzion[ei]|regole|indicazioni|ordini|direttive", order: "verb-noun" },
  { lang: "de", verbs: "ignoriere|ignorier|ignorieren sie|ignoriert|vergiss|vergessen sie|vergesst|missachte|missachten sie", nouns: "anweisungen|anweisung|instruktionen|regeln|befehle|vorgaben|richtlinien", order: "verb-noun" },
  { lang: "nl", verbs: "negeer|negeren|vergeet|vergeten", nouns: "instructies|regels|opdrachten|aanwijzingen|richtlijnen", order: "verb-noun" },
  { lang: "pl", verbs: "zignoruj|zignorujcie|ignoruj|ignorujcie|zapomnij|zapomnijcie", nouns: "instrukcj[ei]|polece[nń]|polecenia|zasady|regu[lł]y", order: "verb-noun" },
  { lang: "ru", verbs: "игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не обращай внимания на|не обращайте внимания на", nouns: "инструкци[июй]|указани[яй]|правила|команды|приказы", order: "verb-noun" },
  { lang: "uk", verbs: "ігноруй|ігноруйте|проігноруй|забудь|забудьте", nouns: "інструкці[їй]|вказівки|правила|команди", order: "verb-noun" },
  { lang: "id", verbs: "abaikan|lupakan|hiraukan", nouns: "instruksi|perintah|aturan|petunjuk", order: "verb-noun" },
  { lang: "vi", verbs: "bỏ qua|phớt lờ|quên đi|quên", nouns: "hướng dẫn|chỉ dẫn|chỉ thị|lệnh|quy tắc", order: "verb-noun" },
  { lang: "ar", verbs: "تجاهل|تجاهلي|تجاهلوا|انس|انسى|انسي|اهمل|أهمل", nouns: "التعليمات|تعليمات|الأوامر|أوامر|القواعد|الإرشادات", order: "verb-noun" },
  { lang: "zh", verbs: "忽略|忽视|无视|無視|忘记|忘記|不要理会|不要理會|别管|別管", nouns: "指令|指示|说明|說明|规则|規則|提示|命令", order: "verb-noun", gap: 12 },
  { lang: "ja", verbs: "無視|忘れ|従わ", nouns: "指示|命令|ルール|指令|プロンプト|規則", order: "noun-verb", gap: 8 },
  { lang: "ko", verbs: "무시|잊어|잊으|따르지", nouns: "지시|명령|지침|규칙|프롬프트", order: "noun-verb", gap: 10 },
  { lang: "tr", verbs: "yok say|görmezden gel|unut|dikkate alma", nouns: "talimat(?:lar)?(?:ı|ları)?|komut(?:lar)?(?:ı|ları)?|kural(?:lar)?(?:ı|ları)?", order: "noun-verb" },
  { lang: "hi", verbs: "अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल जाओ|भूल जाइए|भूल", nouns: "निर्देशों|निर्देश|आदेशों|नियमों", order: "noun-verb" },
];

/** One expression per language (flags "u": no \b, which is ASCII-only; edges by \p{L}). */
export const LANGUAGE_RULES: readonly { lang: string; re: RegExp }[] = ROWS.map((r) => {
  const gap = `[^.!?。！？\\n]{0,${r.gap ?? 40}}?`;
  const verb = `(?:${r.verbs})`;
  const noun = `(?:${r.nouns})`;
  const body = r.order === "verb-noun" ? `${verb}${gap}${noun}` : `${noun}${gap}${verb}`;
  const cjk = r.lang === "zh" || r.lang === "ja";
  // NFKC as the text is (Devanagari nukta letters decompose).
  return { lang: r.lang, re: new RegExp((cjk ? body : `(?<!\\p{L})${body}`).normalize("NFKC"), "u") };
});

/** Any row's noun: one scan that spares text without one the 17 expressions (and their compiling, ~20 ms). */
const ANY_NOUN = new RegExp(ROWS.map((r) => r.nouns).join("|").normalize("NFKC"), "u");

/** The first language whose row matches the (NFKC, lower-cased) text, with the match. */
export function matchLanguages(lower: string): { lang: string; m: RegExpExecArray } | undefined {
  if (!ANY_NOUN.test(lower)) return undefined;
  for (const r of LANGUAGE_RULES) {
    const m = r.re.exec(lower);
    if (m) return { lang: r.lang, m };
  }
  return undefined;
}
