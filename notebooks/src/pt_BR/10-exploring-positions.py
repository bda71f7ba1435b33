# %% [markdown]
# # 10 · Explorando posições
#
# Agora você conhece as regras. Este tutorial mostra como usar o motor para estudar partidas: salvar e
# carregar partidas, listar o que um jogador pode fazer, testar ideias numa cópia e deixar robôs terminarem
# uma partida.
#
# ## Uma partida inteira, jogada por robôs
#
# Um robô é qualquer objeto com um método `choose(game)` que devolve uma das `game.legal_actions()`. O
# pacote tem um robô aleatório, um guloso (ele olha um passo à frente) e um robô de simulações, mais lento.
# Eles recebem uma semente (`seed`): as mesmas sementes jogam a mesma partida.

# %%
import json
from collections import Counter

from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.analysis import evaluate
from carnegie_lab.bots import GreedyBot, RandomBot
from carnegie_lab.core.i18n import number
from carnegie_lab.tutor import Numbers, positions
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import replay_steps
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

# %%
bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
played = cl.new_game(["Ada", "Bo"], seed=11)
while not played.is_over:
    played.apply(bots[played.current_player].choose(played))
print(len(played.actions), "ações;", {name: s.total for name, s in played.scores().items()},
      "vencedores:", played.winners())

# %% [markdown]
# ## Registros
#
# Um **registro** são as opções da partida (jogadores, semente...) e as ações dela em notação: um pequeno
# documento JSON. Reproduzir um registro dá exatamente a mesma partida, porque toda parte aleatória da
# preparação vem da semente. Salve com `json.dump` e carregue com `cl.Game.from_record` (na linha de
# comando: `carnegie-lab replay minha-partida.json`).

# %%
text = json.dumps(played.to_record())
print(len(text), "caracteres:", text[:160], "...")

loaded = cl.Game.from_record(text)
print("mesma posição final:", loaded.to_position() == played.to_position())

# %% [markdown]
# Também dá para assistir a um registro rodada por rodada: `replay_steps` transforma as ações dele em passos
# do passo a passo, um por rodada, cada um explicado pelo resumo da rodada. Aqui está a partida inteira de
# Ada e Bo do tutorial 8 (o pacote guarda o registro dela, então é a mesma partida para todo mundo). Clique
# em **Avançar** para jogar uma rodada e em **Voltar** para voltar; *Tente sua própria ação* joga qualquer
# outra coisa numa cópia (o [tutorial 1](01-components-and-setup.ipynb) mostra como usar o passo a passo).

# %%
record = positions.whole_game().to_record()
start = cl.Game.from_record({**record, "actions": []})      # a primeira posição do registro
tour = Stepper(start, replay_steps(start, record["actions"], lang=LANG), title="A partida de Ada e Bo de novo",
               view="map", views=("map", "company", "tracks", "timeline", "donations", "scores", "history"),
               intro="A partida de Ada e Bo desde a primeira posição. Cada **Avançar** joga uma rodada.", lang=LANG)
tour

# %% [markdown]
# ## Uma posição e as suas ações legais
#
# Vamos parar no meio da partida: a primeira decisão a partir da rodada 10 em que um jogador tem mais de
# cinco escolhas. `legal_actions()` lista todas as ações que o jogador que decide pode fazer; agrupar essas
# ações pelo verbo dá uma visão geral.

# %%
position = cl.Game.from_record({**record, "actions": []})
for action in record["actions"]:
    if position.round >= 10 and len(position.legal_actions()) > 5:
        break
    position.apply(action)
print(position.decision_in(LANG).prompt)
print(Counter(action.verb for action in position.legal_actions()))
HTML(cl.views.game_html(position, lang=LANG))

# %% [markdown]
# ## E se?
#
# `copy()` dá uma partida independente: jogue o que quiser nela, a original não muda. Aqui o jogador que
# decide testa cada ação legal uma vez, e vemos como cada uma mudaria a pontuação dele "se a partida
# terminasse agora" (um guia grosseiro: muitos bons lances só rendem mais tarde).

# %%
seat = position.current_player
name = position.players[seat]
before = position.scores()[name].total
effects = {}
for action in position.legal_actions():
    what_if = position.copy()
    what_if.apply(action)
    effects[str(action)] = what_if.scores()[name].total - before
best = sorted(effects.items(), key=lambda item: -item[1])[:5]
print(name, "tem agora", before, "PV; os maiores ganhos imediatos:", best)
print("a própria posição não mudou:", position.scores()[name].total == before)

# %% [markdown]
# ## Deixe os robôs terminarem
#
# De qualquer posição, robôs podem jogar a partida até o fim. Robôs (ou sementes) diferentes dão finais
# diferentes: um jeito barato de comparar ideias.

# %%
for label, finishers in [("dois robôs gulosos", [GreedyBot(5), GreedyBot(6)]),
                         ("dois robôs aleatórios", [RandomBot(5), RandomBot(6)])]:
    end = position.copy()
    while not end.is_over:
        end.apply(finishers[end.current_player].choose(end))
    print(f"{label:22}", {n: s.total for n, s in end.scores().items()})

# %% [markdown]
# ## Qual ação é a melhor?
#
# `carnegie_lab.analysis.evaluate` vai um passo além do *e se* acima: a partir de cada ação legal, ele deixa
# robôs gulosos jogarem o resto da partida (*simulações*, com alguns lances aleatórios para que elas sejam
# diferentes) e informa a margem final média (o total do jogador menos o melhor total entre os outros) e com
# que frequência o jogador venceu. `playouts=8` joga cada ação 8 vezes até o fim (com segundos para pensar,
# em vez disso, ele dá mais simulações às ações que parecem melhores e abandona as outras cedo): uma margem
# de poucas simulações é um palpite grosseiro, então leia também o número de simulações. Com `playouts=` e
# uma `seed`, os números são os mesmos em qualquer máquina; o tutorial 11 lê esses números em decisões de
# verdade.

# %%
for row in evaluate(position, playouts=8, seed=1):
    print(f"{row.notation:16} margem {number(row.margin, '+.1f', LANG):>6} PV   venceu "
          f"{number(row.win_rate, '.0%', LANG):>4} de {row.playouts} simulações")

# %% [markdown]
# ## Exercícios

# %%
Exercise("Na posição da rodada 10 acima, quantas ações legais tem o jogador que decide?",
         lambda g: len(g.legal_actions()), position, pinned=10,
         mistakes={8: "Vender bens e `done` também são ações legais.",
                   4: "Isso é um tipo de ação só: some todas as contagens que o `Counter` imprimiu."},
         hint="Some as contagens impressas pelo `Counter` (vender bens e `done` também contam).",
         expect=Numbers({10: lambda g: g.round}),
         code="len(game.legal_actions())", lang=LANG)

# %%
ROUND_4 = "Clique em Avançar até o passo chamado Rodada 4 e leia a primeira linha dele."
Exercise("Na partida de Ada e Bo, qual linha o Primeiro Jogador escolheu na rodada 4? (Reveja a partida no "
         "passo a passo acima.)",
         lambda g: g.round_summaries()[3]["chosen"], positions.whole_game(), pinned="CO",
         options=[("HR (Recursos Humanos)", "HR"), ("MG (Gerência)", "MG"), ("CO (Construção)", "CO"),
                  ("RD (Pesquisa e Desenvolvimento)", "RD")],
         mistakes={"MG": "A Gerência foi escolhida nas rodadas logo antes e logo depois dela. " + ROUND_4,
                   "HR": ROUND_4, "RD": ROUND_4},
         hint=ROUND_4,
         expect=Numbers({4: lambda g: g.round_summaries()[3]["round"]}),
         code='game.round_summaries()[3]["chosen"]  # um resumo por rodada terminada', lang=LANG)

# %% [markdown]
# ← [9 · O jogo solo contra Andrew Carnegie](09-solo-against-andrew.ipynb) · [Índice](00-contents.ipynb) ·
# [11 · Jogando bem](11-playing-well.ipynb) →
