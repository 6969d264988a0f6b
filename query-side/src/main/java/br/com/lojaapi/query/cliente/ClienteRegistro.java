package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.query.comum.RegistroDaLoja;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "cliente_view")
class ClienteRegistro extends RegistroDaLoja {

    @Column(nullable = false)
    private String nome;
    @Column(nullable = false)
    private String documento;
    @Column(name = "tipo_documento", nullable = false)
    private String tipoDocumento;
    private String email;
    private String telefone;
    private String celular;
    private String cep;
    private String endereco;
    private String numero;
    private String bairro;
    private String cidade;
    private String uf;
    @Column(name = "global_index", nullable = false)
    private long indiceGlobal;

    protected ClienteRegistro() {
        // JPA
    }

    ClienteRegistro(ClienteCriadoEvent e, long versao, long indice) {
        super(e.clienteId(), e.lojaId(), e.criadoEm());
        aplicar(e.dados(), e.criadoEm(), versao, indice);
    }

    void aplicar(DadosCliente d, Instant quando, long versao, long indice) {
        nome = d.nome();
        documento = d.documento();
        tipoDocumento = d.tipoDocumento();
        email = d.email();
        telefone = d.telefone();
        celular = d.celular();
        cep = d.cep();
        endereco = d.endereco();
        numero = d.numero();
        bairro = d.bairro();
        cidade = d.cidade();
        uf = d.uf();
        tocar(quando, versao);
        this.indiceGlobal = indice;
    }

    ClienteView view() {
        return new ClienteView(id(), lojaId(), new DadosCliente(nome, documento, tipoDocumento, email, telefone,
                celular, cep, endereco, numero, bairro, cidade, uf), criadoEm(), atualizadoEm(), versao());
    }
}
