// What a column holds, read from its header's words alone: the roles and their header patterns.
// It imports nothing, so the local page's formula hint reads headers as the add-on does.

export const ROLES = ['email', 'profile_url', 'domain', 'company_name', 'full_name', 'first_name', 'last_name', 'title', 'phone'] as const;
export type Role = (typeof ROLES)[number];

/** A header in plain lower-case words, as the header patterns read it. */
export const headerWords = (header: string): string =>
  header
    .toLowerCase()
    .replace(/[_\-./]+/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// Most specific first: "company website" is a domain, "company" alone is a name.
const PATTERNS: Array<[Role, RegExp]> = [
  ['email', /^(work |business |personal |contact |primary )?e ?mail( address)?$/],
  ['profile_url', /^(linkedin|linked in|li)( profile)?( url| link)?$|^(person )?profile( url| link)?$|^social profile$/],
  ['domain', /^(company |account |organization )?(domain|website|web site|site|url|web)( name| address)?$/],
  ['first_name', /^(first|given)( name)?$|^firstname$|^fname$/],
  ['last_name', /^(last|family|sur)( ?name)?$|^lastname$|^lname$/],
  ['full_name', /^(full |contact |person |lead )?name$|^contact$|^person$|^lead$/],
  ['company_name', /^(company|account|organization|organisation|employer|business)( name)?$/],
  ['title', /^(job )?title$|^position$|^role$|^job$/],
  ['phone', /^(phone|mobile|cell|telephone|tel|direct dial)( number| no)?$/],
];

/** The role a header's text names, by the first pattern its words match. */
export const roleOfText = (text: string): Role | undefined => {
  const w = headerWords(text);
  for (const [role, pattern] of PATTERNS) if (pattern.test(w)) return role;
  return undefined;
};
