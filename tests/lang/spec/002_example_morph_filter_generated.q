% spec: 002 "Example" (CUDA support guide, 2015 edition)
% repaired: lines split by page layout joined; unbalanced `sh$x=shared((blkdim+((...)+1),((...)+1),1)))` repaired to `shared((blkdim+[((...)+1),((...)+1),1]))` (vector brackets lost)
% run: parse
% note: compiler output with old-style end keywords (`end`, `endif` for `if`; not a mix);
% `function [] __kernel__` without `=`, the `=static` suffix and `y[pos,res]` are kept as written.
function [y:cube] = morph_filter(x:cube,mask:mat,ctr:ivec2,init:scalar)=static
function [] __kernel__ kernel(x:cube'const'mirror,y:cube,mask:mat'const'unchecked'hwconst,ctr:ivec2'const,init:scalar'const,pos:ivec3,blkpos:ivec3,blkdim:ivec3)=static

{!kernel name="kernel"; target="gpu"}
sh$x=shared((blkdim+[((((size(mask,0)-1)-ctr[0])+ctr[0])+1),((((size(mask,1)-1)-ctr[1])+ctr[1])+1),1]))
sh$x[blkpos]=x[(pos+[-(ctr[0]),-(ctr[1]),0])]

if (blkpos[1]<((((size(mask,1)-1)-ctr[1])+ctr[1])))
sh$x[(blkpos+[0,blkdim[1],0])]=x[(pos+[-(ctr[0]),-(ctr[1]),0]+[0,blkdim[1],0])]
endif
if (blkpos[0]<((((size(mask,0)-1)-ctr[0])+ctr[0])))
sh$x[(blkpos+[blkdim[0],0,0])]=x[(pos+[-(ctr[0]),-(ctr[1]),0]+[blkdim[0],0,0])]
endif
if ((blkpos[1]<((((size(mask,1)-1)-ctr[1])+ctr[1])))&&(blkpos[0]<((((size(mask,0)-1)-ctr[0])+ctr[0]))))
sh$x[(blkpos+[blkdim[0],blkdim[1],0])]=x[(pos+[-(ctr[0]),-(ctr[1]),0]+[blkdim[0],blkdim[1],0])]
endif

blkof$x=((blkpos-pos)-[-(ctr[0]),-(ctr[1]),0])
syncthreads

res=init
for m=0..(size(mask,0)-1)
for n=0..(size(mask,1)-1)
if ($getunchk(mask,m,n)!=0)
res=min(res,sh$x[(pos+[(m-ctr[0]),(n-ctr[1]),0]+blkof$x)])
endif
end
end
y[pos,res]
end

y=cube(size(x))
parallel_do(size(x),x,y,mask,ctr,init,kernel)
end
