package br.com.lojaapi.command.grupo;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.grupo.AlteracaoGrupo;
import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;

import java.util.ArrayList;
import java.util.List;

/**
 * A complement group's rules. Defaults on creation: {@code SELECAO}, not mandatory, {@code minimo} 1 when
 * mandatory else 0, {@code maximo} 1 for {@code SELECAO} else the number of items. The contract calls
 * {@code minimo}/{@code maximo} only "selection rules": menus that let an option repeat need a {@code SELECAO} with
 * {@code maximo} above 1 or a {@code maximo} above the number of items, so those are kept as sent and explained in
 * {@link #avisos}. Refused is only what no selection can satisfy: a negative bound, {@code minimo > maximo}.
 */
final class RegrasDeGrupo {

    static final int ITENS_MAXIMO = 500;
    static final int LIMITE = 1_000_000;

    private RegrasDeGrupo() {
    }

    static DadosGrupo novo(AlteracaoGrupo a) {
        TipoGrupo tipo = Campos.obrigatorio(a.tipo(), TipoGrupo.SELECAO, "tipo", t -> t);
        boolean obrigatoria = Campos.obrigatorio(a.obrigatoria(), false, "obrigatoria", o -> o);
        List<ItemComplemento> itens = Campos.obrigatorio(a.itens(), null, "itens", RegrasDeGrupo::itens);
        if (itens == null) {
            throw ErroDeNegocio.invalido("Informe itens: ao menos um item com nome e preco");
        }
        DadosGrupo base = new DadosGrupo(null, tipo, obrigatoria, obrigatoria ? 1 : 0,
                tipo == TipoGrupo.SELECAO ? 1 : itens.size(), 0, itens);
        DadosGrupo dados = aplicar(base, a);
        if (dados.nome() == null) {
            throw ErroDeNegocio.invalido("Informe o nome do grupo");
        }
        return dados;
    }

    static DadosGrupo aplicar(DadosGrupo atual, AlteracaoGrupo a) {
        DadosGrupo dados = new DadosGrupo(
                Campos.obrigatorio(a.nome(), atual.nome(), "nome", RegrasDeGrupo::nome),
                Campos.obrigatorio(a.tipo(), atual.tipo(), "tipo", t -> t),
                Campos.obrigatorio(a.obrigatoria(), atual.obrigatoria(), "obrigatoria", o -> o),
                Campos.obrigatorio(a.minimo(), atual.minimo(), "minimo", m -> limite(m, "minimo")),
                Campos.obrigatorio(a.maximo(), atual.maximo(), "maximo", m -> limite(m, "maximo")),
                Campos.obrigatorio(a.ordem(), atual.ordem(), "ordem", Numeros::ordem),
                Campos.obrigatorio(a.itens(), atual.itens(), "itens", RegrasDeGrupo::itens));
        if (dados.minimo() > dados.maximo()) {
            throw ErroDeNegocio.invalido("minimo (" + dados.minimo() + ") não pode passar de maximo (" + dados.maximo() + ")");
        }
        return dados;
    }

    /** Combinations kept as sent that a client may not have meant, each with what it implies. */
    static List<String> avisos(DadosGrupo d) {
        List<String> avisos = new ArrayList<>();
        int itens = d.itens().size();
        if (d.tipo() == TipoGrupo.SELECAO && d.maximo() > 1) {
            avisos.add("tipo SELECAO (uma opção) com maximo " + d.maximo() + ": guardado como enviado; a opção "
                    + "escolhida pode se repetir até " + d.maximo() + " vezes (para opções diferentes use MULTIPLA)");
        }
        if (d.minimo() > itens) {
            avisos.add("minimo (" + d.minimo() + ") passa do número de itens (" + itens + "): guardado como enviado; "
                    + "o grupo só se completa repetindo itens");
        } else if (d.maximo() > itens) {
            avisos.add("maximo (" + d.maximo() + ") passa do número de itens (" + itens + "): guardado como enviado; "
                    + "só alcançável repetindo itens");
        }
        if (d.maximo() == 0) {
            avisos.add("maximo 0: nenhuma opção do grupo pode ser escolhida");
        }
        if (d.obrigatoria() && d.minimo() == 0) {
            avisos.add("obrigatoria true com minimo 0: o cliente pode seguir sem escolher nada");
        } else if (!d.obrigatoria() && d.minimo() > 0) {
            avisos.add("obrigatoria false com minimo " + d.minimo() + ": o cliente ainda precisa escolher ao menos "
                    + d.minimo());
        }
        return avisos;
    }

    private static String nome(String nome) {
        String limpo = Textos.limitado(nome, 100, "nome");
        if (limpo == null) {
            throw ErroDeNegocio.invalido("nome do grupo não pode ser vazio");
        }
        return limpo;
    }

    private static Integer limite(Integer valor, String campo) {
        if (valor < 0 || valor > LIMITE) {
            throw ErroDeNegocio.invalido(campo + " deve estar entre 0 e " + LIMITE);
        }
        return valor;
    }

    private static List<ItemComplemento> itens(List<ItemComplemento> itens) {
        if (itens.isEmpty()) {
            throw ErroDeNegocio.invalido("itens: informe ao menos um item");
        }
        if (itens.size() > ITENS_MAXIMO) {
            throw ErroDeNegocio.invalido("itens: no máximo " + ITENS_MAXIMO);
        }
        List<ItemComplemento> validos = new ArrayList<>();
        for (int i = 0; i < itens.size(); i++) {
            ItemComplemento item = itens.get(i);
            String prefixo = "itens[" + i + "].";
            if (item == null) {
                throw ErroDeNegocio.invalido("itens[" + i + "]: informe nome e preco");
            }
            String nome = Textos.limitado(item.nome(), 100, prefixo + "nome");
            if (nome == null) {
                throw ErroDeNegocio.invalido(prefixo + "nome é obrigatório");
            }
            if (item.preco() == null) {
                throw ErroDeNegocio.invalido(prefixo + "preco é obrigatório");
            }
            if (item.estoque() != null && item.estoque() < 0) {
                throw ErroDeNegocio.invalido(prefixo + "estoque não pode ser negativo");
            }
            if (item.codIntegracao() != null && item.codIntegracao() < 0) {
                throw ErroDeNegocio.invalido(prefixo + "codIntegracao não pode ser negativo");
            }
            validos.add(new ItemComplemento(nome, Numeros.dinheiro(item.preco(), prefixo + "preco"), item.estoque(),
                    item.codIntegracao()));
        }
        return validos;
    }
}
