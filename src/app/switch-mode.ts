import { type Mode, writeMode } from '../api'
import { unregisterOfflineWorker } from './offline'

/** The mode is chosen at start, so a switch is a reload in the other mode. */
export async function switchMode(next: Mode): Promise<void> {
  writeMode(next)
  // The worker would otherwise stay registered; without a start() call it only passes requests on.
  if (next === 'proxy') await unregisterOfflineWorker()
  location.reload()
}
