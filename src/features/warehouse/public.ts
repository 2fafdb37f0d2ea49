// What other features may use of the warehouse report; everything else in this folder is its own.
export { WarehouseBadge } from './WarehouseBadge';
export { loadWarehouseStatus } from './warehouse.store';
