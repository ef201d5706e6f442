import type { Db } from '../storage/db.js';
import type { Simulation } from '../simulation/simulation.js';

const SETTING = 'simulation';

/**
 * Whether the demo's simulation runs is the cluster's choice, kept in cluster_settings: any node may be
 * asked (PUT /cloud/alarms/simulation through a load balancer), only the leader runs it. Until someone
 * chooses, `--simulation` decides; once chosen, the choice holds (also across restarts) until changed.
 */
export interface SimulationSwitch {
  wanted(): Promise<boolean>;
  set(running: boolean): Promise<void>;
  /** Runs or stops this node's simulation: it runs when this node leads and the cluster wants it. */
  apply(): Promise<void>;
}

export function createSimulationSwitch(db: Db, simulation: Simulation, isLeader: () => boolean, runningByDefault: boolean): SimulationSwitch {
  const wanted = async () => {
    const row = (await db.selectFrom('cluster_settings').select('value').where('name', '=', SETTING).executeTakeFirst()) as { value: string } | undefined;
    return row ? row.value === 'running' : runningByDefault;
  };
  // One apply at a time, in the order asked: a start and a stop that cross must end as the last one says.
  let queue: Promise<void> = Promise.resolve();
  return {
    wanted,
    async set(running) {
      const value = running ? 'running' : 'paused';
      await db.insertInto('cluster_settings').values({ name: SETTING, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
    },
    apply() {
      queue = queue.then(async () => {
        if (isLeader() && (await wanted())) simulation.start();
        else await simulation.stop();
      });
      return queue;
    },
  };
}
