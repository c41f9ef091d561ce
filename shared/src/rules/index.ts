/**
 * `@blog/shared/rules`: every form of the product as data (field → rules with their Polish
 * messages), one evaluator, and the slug helpers. Browser-safe: nothing here imports Node modules.
 * Build a zod schema with api/src/validation/zod-from-rules.ts, a yup one with web/src/lib/yup-from-rules.ts.
 */
export * from './rule.ts';
export * from './check.ts';
export * from './normalize.ts';
export * from './text-shape.ts';
export * from './patterns.ts';
export * from './instant.ts';
export * from './slug.ts';
export * from './image-variants.ts';
export * from './import-file.ts';
export * from './authors.ts';
export * from './accounts.ts';
export * from './categories.ts';
export * from './comments.ts';
export * from './contact.ts';
export * from './posts.ts';
export * from './settings.ts';
export * from './subscriptions.ts';
export * from './forms.ts';
export * from './site.ts';
export * from './pages.ts';
export * from './lists.ts';
export * from './post-status.ts';
export * from './logs.ts';
export * from './names.ts';
export * from './person-name.ts';
