% run: dump
% pins: parameter types with element types and modifier chains: x : cube[T]'mirror'unchecked
function [] = __kernel__ filter[T](x : cube[T]'mirror'unchecked, y : cube'unchecked, pos : ivec3)
    y[pos] = x[pos]
endfunction
% expect: function __kernel__ filter[T] () (x:cube[T]'mirror'unchecked y:cube'unchecked pos:ivec3)
% expect:   (= (index y pos) (index x pos))
