/** Where the RSS of one category lives (linked from its articles' HTML). */
export const categoryFeedPath = (categoryId: number) => `/rss/category/${categoryId}.xml`;
