% A 4-D launch over a cube{4}: pos has four components, each element is written once.
function [] = __kernel__ k(y : cube{4}, pos : ivec4)
    y[pos] = y[pos] + pos[0] * 1000 + pos[1] * 100 + pos[2] * 10 + pos[3]
endfunction
y = ones(2, 2, 2, 2)
parallel_do(size(y), y, k)
print y
% expect: [[[[1,2],[11,12]],[[101,102],[111,112]]],[[[1001,1002],[1011,1012]],[[1101,1102],[1111,1112]]]]
