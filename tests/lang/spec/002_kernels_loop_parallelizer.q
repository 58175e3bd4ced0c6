% spec: 002 "Running kernels on the GPU" (CUDA support guide, 2015 edition)
% repaired: nothing
% run: parse
% note: differs from 000 by the old-style end keyword `end`.
x = imread("image.png")
y = zeros(size(x))
for m=0..size(y,0)-1
    for n=0..size(y,1)-1
        for k=0..size(y,2)-1
            y[m,n,k] = (x[m,n-2,k]+x[m,n+2,k] + 2*(x[m,n-1,k]+x[m,n+1,k]) + 3*x[m,n,k])/9
        end
    end
end
