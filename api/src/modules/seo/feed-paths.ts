/** Where the RSS of one category lives (linked from its articles' HTML and its page). */
export const categoryFeedPath = (categoryId: number) => `/rss/category/${categoryId}.xml`;

/** Where the RSS of one tag lives (linked from its page): the tag's name, encoded as one segment. */
export const tagFeedPath = (name: string) => `/rss/tag/${encodeURIComponent(name)}.xml`;
