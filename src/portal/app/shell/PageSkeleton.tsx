import { Skeleton } from '../../ui/skeleton/Skeleton';

export function PageSkeleton() {
  return (
    <div className="page">
      <Skeleton lines={6} />
    </div>
  );
}
