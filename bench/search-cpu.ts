/**
 * CPU per public search request, the database backend's and this process's apart: runs listVisiblePosts
 * (page 1 of 6, the count made every time) RUNS times per query on one connection and reads the
 * backend's CPU time from /proc (the database runs on this machine). On a loaded machine wall-clock
 * times move several-fold from run to run; CPU per request moves little, so two versions can be
 * compared by running this against each in turn.
 *
 *   BENCH_SEARCH_DATABASE=postgres://…/db node --import tsx bench/search-cpu.ts [query…]
 *   PROF=<dir> …   # also a CPU profile of this process per query (the measured runs only)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { QueryTypes } from 'sequelize';
import { Sequelize } from 'sequelize-typescript';
import { MODELS } from '../api/src/db/models.ts';
import { listVisiblePosts } from '../api/src/modules/posts/posts.service.ts';
import { searchDictionary } from '../api/src/modules/search/post-search.service.ts';
import { requireLoopback } from './bench-services.ts';
import { SEARCH_BENCH_QUERIES } from './search-queries.ts';

const url = process.env.BENCH_SEARCH_DATABASE;
if (!url) throw new Error('BENCH_SEARCH_DATABASE');
requireLoopback(url, 'BENCH_SEARCH_DATABASE');
const RUNS = Number(process.env.RUNS ?? 30);
const sequelize = new Sequelize(url, {
  dialect: 'postgres',
  define: { underscored: true },
  logging: false,
  models: [...MODELS],
  pool: { max: 1, min: 1 },
  dialectOptions: { options: '-c jit=off' },
});
/** User + system CPU of a process in ms (/proc/<pid>/stat counts clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
try {
  await searchDictionary();
  const [{ pid }] = await sequelize.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', {
    type: QueryTypes.SELECT,
  });
  const queries = process.argv.slice(2);
  for (const q of queries.length > 0 ? queries : SEARCH_BENCH_QUERIES) {
    const search = () => listVisiblePosts({ sequelize }, { q, page: 1, limit: 6 });
    for (let warm = 0; warm < 3; warm++) await search();
    const session = new Session();
    if (process.env.PROF) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const before = cpuMs(pid);
    const own = process.cpuUsage();
    for (let run = 0; run < RUNS; run++) await search();
    const database = (cpuMs(pid) - before) / RUNS;
    const used = process.cpuUsage(own);
    if (process.env.PROF) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${process.env.PROF}/${q.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    }
    process.stdout.write(
      `${q}: database ${database.toFixed(1)} ms, node ${((used.user + used.system) / 1000 / RUNS).toFixed(1)} ms CPU per request\n`,
    );
  }
} finally {
  await sequelize.close();
}
