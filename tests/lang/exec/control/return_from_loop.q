% return inside a loop leaves the whole function.
function k = first_over(v, t)
    k = -1.0
    for i = 0..numel(v)-1
        if v[i] > t
            k = i
            return
        endif
    endfor
endfunction
print first_over([1, 5, 7, 9], 6)
print first_over([1, 2], 6)
% expect: 2
% expect: -1
