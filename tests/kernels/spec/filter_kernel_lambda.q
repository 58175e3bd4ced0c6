% Spec 000: the lambda version of filter_kernel, a __kernel__ lambda with closure variables x and y and the mask written out.
% adapted: `x[pos[0,2]]` is x[pos+[0,2]], and the 3 * x[pos] term moved out of the doubled group, so that it matches the mask [1,2,3,2,1]/9; synthetic image.
x = [[9, 0, 0, 9, 0, 0], [1, 2, 3, 4, 5, 6], [0, 0, 18, 0, 0, 0]]
y = zeros(size(x))
parallel_do(size(x),__kernel__ (pos) -> y[pos] =
    (x[pos+[0,-2]]+x[pos+[0,2]]+2*(x[pos+[0,-1]]+x[pos+[0,1]])+3*x[pos])/9)
print round(y * 9)
% expect: [[27,27,27,27,18,9],[10,18,27,36,38,32],[18,36,54,36,18,0]]
