export * from './orchestrator.module';
export * from './rag-agent.service';
export * from './trace-recorder';
export * from './housekeeping.service';
