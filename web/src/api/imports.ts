import type { ImportJob } from '@blog/shared';
import useSWR from 'swr';
import { apiErrorFromResponse, networkError } from './api-error.ts';
import { api, currentCsrfToken, resetCsrfToken, unwrap } from './client.ts';

/** How often a queued or running import is read again. */
export const IMPORT_POLL_MS = 1000;
/** Where the browser downloads the whole blog (a plain link: the file streams straight to disk). */
export const EXPORT_URL = '/api/admin/export';

const isActive = (job: ImportJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** The recent imports, newest first; read again while the newest one is still going. */
export function useImportJobs() {
  const { data, error, isLoading, mutate } = useSWR<ImportJob[], Error>(['admin-imports'], () =>
    unwrap(api.GET('/admin/imports')),
  );
  return { jobs: data, error, isLoading, refresh: () => mutate() };
}

/** One import, polled every second until it is done or failed. */
export function useImportJob(id: number | undefined) {
  const { data, error } = useSWR<ImportJob, Error>(
    id === undefined ? null : ['admin-import', id],
    () => unwrap(api.GET('/admin/imports/{id}', { params: { path: { id: id! } } })),
    // The app's day-long deduping window would swallow every poll: this key is meant to be re-read.
    { refreshInterval: (job) => (isActive(job) ? IMPORT_POLL_MS : 0), dedupingInterval: 0 },
  );
  return { job: data, error };
}

function send(file: File, token: string, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports how much of the body has been sent.
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/imports');
    request.withCredentials = true;
    request.setRequestHeader('X-CSRF-Token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      resolve(
        new Response(request.responseText, {
          status: request.status,
          headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      );
    request.onerror = () => reject(networkError(new Error('upload failed')));
    const body = new FormData();
    body.set('file', file);
    request.send(body);
  });
}

/** Uploads an export file (progress in percent as it goes) and answers the queued job. */
export async function uploadImport(file: File, onProgress: (percent: number) => void): Promise<ImportJob> {
  let response = await send(file, await currentCsrfToken(), onProgress);
  if (response.status === 403) {
    const error = await apiErrorFromResponse(response.clone());
    // The session changed since the token was read: once more with a fresh one (as the client does).
    if (error.code === 'csrf_failed') {
      resetCsrfToken();
      response = await send(file, await currentCsrfToken(), onProgress);
    }
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as ImportJob;
}
