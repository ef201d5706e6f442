import { configure } from '@testing-library/react';

/**
 * waitFor / findBy* wait for what a widget does against the reference cloud (HTTP, realtime, training).
 * Testing-library's default ceiling of 1 s is a timing assumption that fails on a loaded 2-core CI
 * machine; the ceiling is not what is tested, so it is generous. A passing wait returns at once.
 */
configure({ asyncUtilTimeout: 10_000 });
