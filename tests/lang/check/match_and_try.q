% Names in match cases and in try/catch, including the catch variable.
% run: check
x = 2
match x with
| 1 -> y = "one"
| (2, 3) -> y = "few"
| _ -> y = "many"
end
try
    z = y
catch err
    print err
end
print z
