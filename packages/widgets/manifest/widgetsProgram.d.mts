// Types of widgetsProgram.mjs for the TypeScript that imports it (test/manifest/).
import type { Program } from 'typescript';
import type { CustomElementsManifest } from './customElementsManifest.mjs';

export const widgetsDir: string;
export function widgetsProgram(dir?: string): Program;
export function manifestOf(program: Program, dir?: string): CustomElementsManifest;
