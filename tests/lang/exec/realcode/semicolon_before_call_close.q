% A ';' just before a call's ')' is accepted, as research code's event handlers write it:
% slider.onchange.add(() -> (params.a = slider.value);), also with a sequence over lines.
function [] = call_it(h)
    h()
end
v = object()
v.a = 0
call_it(() -> (v.a = 2);)
print v.a
% expect: 2
call_it(() -> (v.a = 3;
               v.b = 4);)
print v.a, " ", v.b
% expect: 3 4
print max([1, 5, 2];)
% expect: 5
