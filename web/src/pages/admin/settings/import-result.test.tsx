import type { ImportJob } from '@blog/shared';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../../theme/system.ts';
import { ImportJobView } from './import-result.tsx';

const NOTICE =
  'Części raportu tego importu nie da się pokazać (zapisane dane są niepełne lub za długie). Pokazujemy resztę.';
const counts = { posts: 1, authors: 0, categories: 0, tags: 0, comments: 0, images: 0 };

const job = (reportNotice: string | null): ImportJob => ({
  id: 1,
  status: 'done',
  kind: 'wordpress',
  fileName: 'stary-blog.xml',
  fileSize: 1024,
  progress: { stage: 'finished', done: 1, total: 1 },
  result: {
    source: { kind: 'wordpress', site: 'https://stary.example.com' },
    created: counts,
    unchanged: counts,
    renamedSlugs: [{ sourceId: '1', from: 'wpis', to: 'wpis-2' }],
    skipped: [],
    sanitized: [],
    accounts: [],
  },
  reportNotice,
  error: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

const renderJob = (value: ImportJob) =>
  render(
    <ChakraProvider value={appSystem()}>
      <ImportJobView job={value} />
    </ChakraProvider>,
  );

describe('ImportJobView', () => {
  it('says above the report that part of it could not be shown, and shows the rest', () => {
    renderJob(job(NOTICE));
    expect(screen.getByText(NOTICE)).toBeTruthy();
    expect(screen.getByText('wpis → wpis-2')).toBeTruthy();
  });

  it('says nothing of the kind for a whole report', () => {
    renderJob(job(null));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
