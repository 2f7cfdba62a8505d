import { Skeleton } from '../../ui/skeleton/skeleton';

export function PageSkeleton() {
  return (
    <div className="page">
      <Skeleton lines={6} />
    </div>
  );
}
