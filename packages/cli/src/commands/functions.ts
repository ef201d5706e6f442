import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { deleteFunction, getFunction, listFunctions, runFunction, saveFunction, type HttpClient } from '@varde/core';
import { FUNCTION_NAME_PATTERN, FUNCTION_NAME_MESSAGE, MAX_RUN_TIMEOUT_SECONDS, type CloudFunction, type RunFunctionResponse } from '@varde/core/contract';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { promptVisible, stdinIsTerminal } from '../io/prompt.js';
import { withContext, type CommandContext } from '../context.js';

/** The files of a function folder (`deploy` reads them, `pull` writes them). */
export const FUNCTION_FILES = { source: 'main.py', requirements: 'requirements.txt', description: 'description.txt' } as const;

const faas = <T>(context: CommandContext, run: (http: HttpClient) => Promise<T>) => context.session.call('faas-manager', run);

function checkedName(name: string): string {
  if (!FUNCTION_NAME_PATTERN.test(name)) throw usageError(`Invalid function name "${name}": ${FUNCTION_NAME_MESSAGE}.`);
  return name;
}

/** `varde functions list|get|pull|deploy|delete|run`. */
export function registerFunctionsCommand(program: Command): void {
  const functions = program.command('functions').description('List, pull, deploy, delete and run cloud functions');

  functions
    .command('list')
    .description('List the cloud functions: name, version, last updated, description')
    .action(withContext(async (context) => {
      const list = await faas(context, (http) => listFunctions(http));
      context.output.list(list, [
        { header: 'Name', value: (fn) => fn.name, full: true },
        { header: 'Version', value: (fn) => fn.version },
        { header: 'Updated', value: (fn) => fn.updated },
        { header: 'Description', value: (fn) => fn.description },
      ], { empty: 'No functions.' });
    }));

  functions
    .command('get')
    .description('Show one function (--source prints only its Python source)')
    .argument('<name>', 'function name')
    .option('--source', 'print the source only')
    .action(withContext<[string, { source?: boolean }]>(async (context, name, options) => {
      const fn = await faas(context, (http) => getFunction(http, checkedName(name)));
      if (options.source && !context.output.json) {
        process.stdout.write(fn.source.endsWith('\n') ? fn.source : `${fn.source}\n`);
        return;
      }
      context.output.record([
        { key: 'name', label: 'Name', value: fn.name },
        { key: 'version', label: 'Version', value: fn.version },
        { key: 'updated', label: 'Updated', value: fn.updated },
        { key: 'description', label: 'Description', value: fn.description },
        { key: 'requirements', label: 'Requirements', value: fn.requirements },
        { key: 'lines', label: 'Source lines', value: fn.source.split('\n').length },
      ], fn);
    }));

  functions
    .command('pull')
    .description(`Write a function into DIR: ${FUNCTION_FILES.source}, ${FUNCTION_FILES.requirements}, ${FUNCTION_FILES.description}`)
    .argument('<name>', 'function name')
    .argument('<dir>', 'folder (created when missing)')
    .action(withContext<[string, string]>(async (context, name, dir) => {
      const fn = await faas(context, (http) => getFunction(http, checkedName(name)));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, FUNCTION_FILES.source), fn.source);
      await writeFile(join(dir, FUNCTION_FILES.requirements), fn.requirements);
      await writeFile(join(dir, FUNCTION_FILES.description), fn.description);
      if (context.output.json) context.output.printJson({ name: fn.name, version: fn.version, dir: resolve(dir) });
      else context.output.message(`Pulled ${fn.name} version ${fn.version} into ${dir}`);
    }));

  functions
    .command('deploy')
    .description(`Create or update a function from DIR (${FUNCTION_FILES.source}, optional ${FUNCTION_FILES.requirements} and ${FUNCTION_FILES.description}); prints the new version`)
    .argument('<dir>', 'folder holding main.py')
    .option('--name <name>', 'function name (default: the folder name)')
    .action(withContext<[string, { name?: string }]>(async (context, dir, options) => {
      const name = checkedName(options.name ?? basename(resolve(dir)));
      const sourcePath = join(dir, FUNCTION_FILES.source);
      if (!existsSync(sourcePath)) throw usageError(`No ${FUNCTION_FILES.source} in ${dir}`);
      const optional = async (file: string) => (existsSync(join(dir, file)) ? readFile(join(dir, file), 'utf8') : '');
      const body = {
        source: await readFile(sourcePath, 'utf8'),
        requirements: await optional(FUNCTION_FILES.requirements),
        description: (await optional(FUNCTION_FILES.description)).trim(),
      };
      const saved: CloudFunction = await faas(context, (http) => saveFunction(http, name, body));
      if (context.output.json) context.output.printJson({ name: saved.name, version: saved.version, updated: saved.updated });
      else process.stdout.write(`${saved.version}\n`);
      if (!context.output.json) process.stderr.write(`Deployed ${saved.name}: version ${saved.version}\n`);
    }));

  functions
    .command('delete')
    .description('Delete a function (asks first; --yes when not on a terminal)')
    .argument('<name>', 'function name')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(withContext<[string, { yes?: boolean }]>(async (context, name, options) => {
      checkedName(name);
      if (!options.yes) {
        if (!stdinIsTerminal()) throw usageError('Refusing to delete without --yes when not on a terminal.');
        const answer = await promptVisible(`Delete function ${name}? Type yes to confirm`);
        if (answer.toLowerCase() !== 'yes') throw new CliError('Cancelled; nothing was deleted.', EXIT.failure);
      }
      await faas(context, (http) => deleteFunction(http, name));
      context.output.message(`Deleted ${name}.`);
    }));

  functions
    .command('run')
    .description('Run a saved function in the cloud (python3 there) and show its result, output and written values')
    .argument('<name>', 'function name')
    .option('--request <json>', 'the request handed to main(request), a JSON object', '{}')
    .option('--timeout <seconds>', `time limit, 1 to ${MAX_RUN_TIMEOUT_SECONDS}`, '30')
    .action(withContext<[string, { request: string; timeout: string }]>(async (context, name, options) => {
      let request: unknown;
      try {
        request = JSON.parse(options.request);
      } catch {
        throw usageError('--request must be a JSON object, e.g. --request \'{"tag": "RT401"}\'');
      }
      if (!request || typeof request !== 'object' || Array.isArray(request)) throw usageError('--request must be a JSON object.');
      const timeoutSeconds = Number(options.timeout);
      if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > MAX_RUN_TIMEOUT_SECONDS) {
        throw usageError(`--timeout must be a whole number from 1 to ${MAX_RUN_TIMEOUT_SECONDS}.`);
      }
      const run = await faas(context, (http) =>
        runFunction(http, checkedName(name), { request: request as Record<string, unknown>, timeoutSeconds }),
      );
      printRun(context, run);
      if (run.status !== 'ok') throw new CliError(`${name} ${run.status === 'timeout' ? 'timed out' : 'failed'}: ${run.error ?? run.status}`, EXIT.failure);
    }));
}

function printRun(context: CommandContext, run: RunFunctionResponse): void {
  if (context.output.json) return context.output.printJson(run);
  const err = process.stderr;
  err.write(`${run.name} version ${run.version}: ${run.status} (${run.python}, exit code ${run.exitCode ?? 'none'})\n`);
  if (run.stdout) err.write(`--- output ---\n${run.stdout}${run.stdout.endsWith('\n') ? '' : '\n'}`);
  if (run.stderr) err.write(`--- errors ---\n${run.stderr}${run.stderr.endsWith('\n') ? '' : '\n'}`);
  if (run.writes.length > 0) {
    err.write(`--- written values ---\n`);
    for (const write of run.writes) {
      const value = write.dataType === 'number' ? String(write.value) : JSON.stringify(write.valueText);
      err.write(`${write.controllerId}\t${write.tag}\t${new Date(write.timestamp).toISOString()}\t${value}\n`);
    }
  } else err.write('--- no values written ---\n');
  if (run.status === 'ok') process.stdout.write(`${JSON.stringify(run.result ?? null)}\n`);
}
